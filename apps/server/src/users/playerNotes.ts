import { and, desc, eq, sql } from 'drizzle-orm';
import {
  PLAYER_NOTES_MAX,
  type PlayerNote,
  type PlayerNoteColour,
  type PutPlayerNoteRequest,
} from '@tenger/protocol';
import type { Database } from '../db/client.js';
import { playerNotes, users } from '../db/schema.js';
import { DomainError, notFound } from '../errors.js';

/**
 * Notes and colour tags a player keeps on other players (issue 23 item 6). Private: every read and write
 * is keyed by the caller's own id, so nobody (administrators included, through this service) reads
 * another account's notes. A note on any account but one's own and a deleted one is allowed, house bots
 * included: they sit at tables like anyone else.
 */
export class PlayerNotes {
  constructor(private readonly db: Database) {}

  /** Every note the owner keeps, newest first. */
  async list(ownerId: number): Promise<PlayerNote[]> {
    const rows = await this.db
      .select({
        userId: playerNotes.subjectId,
        username: users.username,
        note: playerNotes.note,
        colour: playerNotes.colour,
        updatedAt: playerNotes.updatedAt,
      })
      .from(playerNotes)
      .innerJoin(users, eq(users.id, playerNotes.subjectId))
      .where(eq(playerNotes.ownerId, ownerId))
      .orderBy(desc(playerNotes.updatedAt), desc(playerNotes.subjectId));
    return rows.map(present);
  }

  /**
   * Sets the owner's note and tag on a player as given; an empty note with no tag removes the row.
   * Answers the note now kept, or null when there is none.
   */
  async put(ownerId: number, subjectId: number, input: PutPlayerNoteRequest): Promise<PlayerNote | null> {
    if (subjectId === ownerId) {
      throw new DomainError('validation_failed', 'You cannot keep a note on yourself', {
        userId: 'Choose another player',
      });
    }
    const [subject] = await this.db
      .select({ username: users.username })
      .from(users)
      .where(and(eq(users.id, subjectId), sql`${users.status} <> 'deleted'`));
    if (!subject) throw notFound('Player');
    const mine = and(eq(playerNotes.ownerId, ownerId), eq(playerNotes.subjectId, subjectId));
    if (input.note === '' && input.colour === null) {
      await this.db.delete(playerNotes).where(mine);
      return null;
    }
    return this.db.transaction(async (tx) => {
      const [{ kept, thisOne }] = await tx
        .select({
          kept: sql<number>`count(*)::int`,
          thisOne: sql<number>`count(*) FILTER (WHERE ${playerNotes.subjectId} = ${subjectId})::int`,
        })
        .from(playerNotes)
        .where(eq(playerNotes.ownerId, ownerId));
      // Two first notes at the same moment may pass this count together: the cap is a bound on growth.
      if (Number(thisOne) === 0 && Number(kept) >= PLAYER_NOTES_MAX) {
        throw new DomainError('conflict', `You keep notes on ${PLAYER_NOTES_MAX} players: remove one first`);
      }
      const values = { note: input.note, colour: input.colour, updatedAt: new Date() };
      const [row] = await tx
        .insert(playerNotes)
        .values({ ownerId, subjectId, ...values })
        .onConflictDoUpdate({ target: [playerNotes.ownerId, playerNotes.subjectId], set: values })
        .returning();
      return present({ ...row, userId: subjectId, username: subject.username });
    });
  }
}

function present(row: {
  userId: number;
  username: string;
  note: string;
  colour: PlayerNoteColour | null;
  updatedAt: Date;
}): PlayerNote {
  return {
    userId: row.userId,
    username: row.username,
    note: row.note,
    colour: row.colour,
    updatedAt: row.updatedAt.toISOString(),
  };
}
