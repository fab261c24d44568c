// The session cache on a site of several processes: revocations heard from other processes drop what
// they name, at once, and nothing else.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import type { SessionChange } from './sessionEvents.js';
import { hashToken } from './tokens.js';

describe('the session cache hears revocations from the other processes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  /** What the bus delivers when another process of the site ended a session. */
  const heardFromElsewhere = (change: SessionChange) =>
    (t.services.auth as unknown as { forgetCached(c: SessionChange): void }).forgetCached(change);

  /** Holds every database query until `release()`; counts them. */
  function holdQueries() {
    const execute = t.services.db.execute.bind(t.services.db);
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const spy = vi
      .spyOn(t.services.db, 'execute')
      .mockImplementation(((query: never) => gate.then(() => execute(query))) as never);
    return { spy, release };
  }

  it('a token revoked on another process stops authenticating here at once, though it was cached', async () => {
    const p = await t.player(0);
    expect(await t.services.auth.authenticate(p.token)).toMatchObject({ id: p.id });
    // The other process revoked it in the database and told the site.
    await t.services.db.execute(
      sql`UPDATE access_tokens SET revoked_at = now() WHERE token_hash = ${hashToken(p.token)}`,
    );
    heardFromElsewhere({ userId: null, tokenHash: hashToken(p.token), revoked: true });
    expect(await t.services.auth.authenticate(p.token)).toBeNull();
  });

  it('a lookup in flight when its own user is revoked elsewhere does not cache the old answer', async () => {
    const p = await t.player(0);
    const held = holdQueries();
    try {
      const pending = t.services.auth.authenticate(p.token);
      await new Promise((r) => setTimeout(r, 20));
      heardFromElsewhere({ userId: p.id, revoked: true });
      held.release();
      await pending;
      expect(held.spy).toHaveBeenCalledTimes(2); // asked again after the revocation
    } finally {
      held.spy.mockRestore();
    }
  });

  it('revocations of other users elsewhere on the site neither fail nor repeat a lookup in flight', async () => {
    const [p, q] = [await t.player(0), await t.player(0)];
    const held = holdQueries();
    try {
      const pending = Promise.all(Array.from({ length: 10 }, () => t.services.auth.authenticate(p.token)));
      await new Promise((r) => setTimeout(r, 20));
      for (let i = 0; i < 5; i++) heardFromElsewhere({ userId: q.id, revoked: true });
      heardFromElsewhere({ userId: null, tokenHash: hashToken(q.token), revoked: true });
      held.release();
      expect((await pending).every((user) => user?.id === p.id)).toBe(true);
      expect(held.spy).toHaveBeenCalledTimes(1);
    } finally {
      held.spy.mockRestore();
    }
  });

  it('a lookup whose user changes their profile twice while it asks still answers them (no false 401)', async () => {
    const p = await t.player(0);
    const execute = t.services.db.execute.bind(t.services.db);
    let calls = 0;
    // Each of the first two queries hears a profile change of the same user while it is in flight.
    const spy = vi.spyOn(t.services.db, 'execute').mockImplementation(((query: never) => {
      calls++;
      if (calls <= 2) heardFromElsewhere({ userId: p.id, revoked: false });
      return execute(query);
    }) as never);
    try {
      expect(await t.services.auth.authenticate(p.token)).toMatchObject({ id: p.id });
      expect(calls).toBe(3); // asked again twice, then answered
    } finally {
      spy.mockRestore();
    }
  });
});
