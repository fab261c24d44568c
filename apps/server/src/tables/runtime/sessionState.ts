// What the house reads about a live table and its players: the admin session of a table, and a
// user's profile as the table needs it (name, bot, active, role).
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import type { TableSessionState } from '../tableLayer.js';
import type { UserProfile } from './ports.js';
import type { TableRuntime } from './tableRuntime.js';

/** The admin session of a table run here (`owner`: this process's node id). */
export function sessionOf(runtime: TableRuntime, simulation: boolean, owner: string): TableSessionState {
  const hand = runtime.publicHand();
  const totals = runtime.totals;
  return {
    owner,
    status: runtime.isPlaying ? 'playing' : 'waiting',
    simulation,
    handNumber: hand?.handNumber ?? null,
    seats: runtime.seatList().map((s) => ({
      seat: s.seat,
      userId: s.userId,
      username: s.username,
      stack: s.stack,
      isBot: s.isBot,
      sittingOut: s.sittingOut,
      connected: s.connected,
      status: s.status,
    })),
    handsPlayed: totals.handsPlayed,
    rakeTaken: totals.rakeTaken,
    board: hand?.board ?? [],
    pots: hand?.pots ?? [],
  };
}

export async function loadProfile(db: Database, userId: number): Promise<UserProfile | null> {
  const [row] = await queryRows<{
    id: number;
    username: string;
    is_bot: boolean;
    status: string;
    role: string;
  }>(db, sql`SELECT id, username, is_bot, status, role FROM users WHERE id = ${userId}`);
  if (!row) return null;
  return {
    userId: Number(row.id),
    username: row.username,
    isBot: row.is_bot,
    active: row.status === 'active',
    role: row.role === 'ADMIN' ? 'ADMIN' : 'PLAYER',
  };
}
