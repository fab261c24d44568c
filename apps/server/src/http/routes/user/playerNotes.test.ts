// GET /api/v1/user/notes and PUT /api/v1/user/notes/{userId}: private notes and colour tags on players.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PLAYER_NOTE_MAX_LENGTH,
  PLAYER_NOTES_MAX,
  PlayerNotesResponseSchema,
  PutPlayerNoteResponseSchema,
} from '@tenger/protocol';
import { users } from '../../../db/schema.js';
import { TEST_DRIVERS } from '../../../testing/database.js';
import { startTestServer, type TestPlayer, type TestServer } from '../../../testing/testServer.js';

describe.each(TEST_DRIVERS)('player notes on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());

  const notesOf = async (who: TestPlayer) => {
    const response = await t.call({ method: 'GET', url: '/api/v1/user/notes', token: who.token });
    expect(response.statusCode).toBe(200);
    return PlayerNotesResponseSchema.parse(response.json()).notes;
  };
  const put = (who: TestPlayer | null, subjectId: number | string, payload: unknown) =>
    t.call({
      method: 'PUT',
      url: `/api/v1/user/notes/${subjectId}`,
      payload: payload as object,
      ...(who ? { token: who.token } : {}),
    });

  it('a player writes a note and a tag, changes them, and clearing both removes the note', async () => {
    const [alice, bob] = [await t.player(), await t.player()];
    expect(await notesOf(alice)).toEqual([]);

    const first = await put(alice, bob.id, { note: '  calls too wide  ', colour: 'red' });
    expect(first.statusCode).toBe(200);
    expect(PutPlayerNoteResponseSchema.parse(first.json()).saved).toMatchObject({
      userId: bob.id,
      username: bob.username,
      note: 'calls too wide',
      colour: 'red',
    });
    expect(await notesOf(alice)).toMatchObject([{ userId: bob.id, note: 'calls too wide', colour: 'red' }]);

    expect((await put(alice, bob.id, { note: '', colour: 'green' })).json().saved).toMatchObject({
      note: '',
      colour: 'green',
    });
    expect((await put(alice, bob.id, { note: 'tight now', colour: null })).json().saved).toMatchObject({
      note: 'tight now',
      colour: null,
    });
    expect(await notesOf(alice)).toHaveLength(1);

    const cleared = await put(alice, bob.id, { note: '   ', colour: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ saved: null });
    expect(await notesOf(alice)).toEqual([]);
    // Clearing what is not there is no error either.
    expect((await put(alice, bob.id, { note: '', colour: null })).statusCode).toBe(200);
  });

  it('notes are private: another player, and an administrator, never see them', async () => {
    const [alice, bob, carol] = [await t.player(), await t.player(), await t.player()];
    await put(alice, bob.id, { note: 'bluffs the river', colour: 'purple' });
    await put(alice, carol.id, { note: 'slow', colour: 'blue' });
    await put(bob, carol.id, { note: "bob's own view", colour: 'yellow' });

    const aliceNotes = await notesOf(alice);
    expect(aliceNotes.map((n) => n.userId).sort()).toEqual([bob.id, carol.id].sort());
    expect(aliceNotes.find((n) => n.userId === carol.id)?.note).toBe('slow');
    // Bob sees only his own note, not the one Alice keeps on him; Carol sees none at all.
    expect(await notesOf(bob)).toMatchObject([{ userId: carol.id, note: "bob's own view" }]);
    expect(await notesOf(carol)).toEqual([]);
    expect(await notesOf(t.admin)).toEqual([]);
    // Bob writing on Carol leaves Alice's note on Carol as it was.
    expect((await notesOf(alice)).find((n) => n.userId === carol.id)).toMatchObject({
      note: 'slow',
      colour: 'blue',
    });
  });

  it('needs a login; an administrator keeps notes of their own like a player', async () => {
    const bob = await t.player();
    expect((await t.call({ method: 'GET', url: '/api/v1/user/notes' })).statusCode).toBe(401);
    const anonymous = await put(null, bob.id, { note: 'x', colour: null });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthorized');
    expect((await put(t.admin, bob.id, { note: 'watch', colour: 'orange' })).statusCode).toBe(200);
    expect(await notesOf(t.admin)).toMatchObject([{ userId: bob.id, colour: 'orange' }]);
  });

  it('a house bot may be tagged; a deleted account or an unknown id is not found', async () => {
    const [alice, bot, gone] = [await t.player(), await t.player(), await t.player()];
    await t.database.db.update(users).set({ isBot: true }).where(eq(users.id, bot.id));
    await t.database.db.update(users).set({ status: 'deleted' }).where(eq(users.id, gone.id));
    expect((await put(alice, bot.id, { note: '', colour: 'blue' })).statusCode).toBe(200);
    for (const subject of [gone.id, 2_000_000_000]) {
      const response = await put(alice, subject, { note: 'who?', colour: null });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found', message: 'Player not found' } });
    }
    expect((await notesOf(alice)).map((n) => n.userId)).toEqual([bot.id]);
  });

  it('notes on at most PLAYER_NOTES_MAX players: one more is a 409, changing a kept one is fine', async () => {
    const [alice, bob] = [await t.player(), await t.player()];
    const prefix = `cap${alice.id}_`;
    await t.database.db.execute(sql`
      INSERT INTO users (username, email, password_hash)
      SELECT ${prefix} || g, ${prefix} || g || '@test.mn', 'x' FROM generate_series(1, ${PLAYER_NOTES_MAX}) g`);
    await t.database.db.execute(sql`
      INSERT INTO player_notes (owner_id, subject_id, note)
      SELECT ${alice.id}, id, 'seen' FROM users WHERE username LIKE ${`${prefix}%`}`);
    const refused = await put(alice, bob.id, { note: 'one more', colour: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('conflict');
    const kept = (await notesOf(alice))[0];
    expect((await put(alice, kept.userId, { note: 'changed', colour: 'red' })).statusCode).toBe(200);
    expect((await put(alice, kept.userId, { note: '', colour: null })).statusCode).toBe(200);
    expect((await put(alice, bob.id, { note: 'now there is room', colour: null })).statusCode).toBe(200);
    expect(await notesOf(alice)).toHaveLength(PLAYER_NOTES_MAX);
  });

  it('bad input is a 400 with the field named, and changes nothing', async () => {
    const [alice, bob] = [await t.player(), await t.player()];
    await put(alice, bob.id, { note: 'keep me', colour: 'red' });
    const refusals: Array<[number | string, unknown, string]> = [
      [bob.id, { note: 'x'.repeat(PLAYER_NOTE_MAX_LENGTH + 1), colour: null }, 'note'],
      [bob.id, { note: 'x', colour: 'pink' }, 'colour'],
      [bob.id, { note: 'x' }, 'colour'],
      [bob.id, { note: 42, colour: null }, 'note'],
      [bob.id, { note: 'x', colour: null, extra: 1 }, 'request'],
      [bob.id, { note: 'bell\u0007', colour: null }, 'note'],
      [bob.id, null, 'request'],
      ['abc', { note: 'x', colour: null }, 'userId'],
      [0, { note: 'x', colour: null }, 'userId'],
      ['99999999999', { note: 'x', colour: null }, 'userId'],
      [alice.id, { note: 'me', colour: 'red' }, 'userId'],
    ];
    for (const [subject, payload, field] of refusals) {
      const response = await put(alice, subject, payload);
      expect({ subject, payload, status: response.statusCode }).toMatchObject({ status: 400 });
      const { error } = response.json();
      expect(error.code).toBe('validation_failed');
      if (field !== 'request') expect(Object.keys(error.fields ?? {})).toContain(field);
    }
    // Exactly the longest note is fine.
    expect(
      (await put(alice, bob.id, { note: 'y'.repeat(PLAYER_NOTE_MAX_LENGTH), colour: null })).statusCode,
    ).toBe(200);
    expect(await notesOf(alice)).toMatchObject([{ userId: bob.id, colour: null }]);
  });
});
