// Crash recovery at start-up. Nothing of a running hand was ever written, so every chip still in a
// seat account is what its owner had when the last hand began: it goes back to its owner's balance
// (bots' to the bot bankroll) before anyone can sit again.
import type { Logger } from 'pino';
import { seatBalances } from '../../ledger/ledgerReads.js';
import type { Database } from '../../db/client.js';
import type { TableBank, UserProfile } from './ports.js';

export async function cashOutLeftoverSeats(deps: {
  db: Database;
  bank: TableBank;
  profile(userId: number): Promise<UserProfile | null>;
  logger: Logger;
}): Promise<number> {
  const seats = (await seatBalances(deps.db)).filter((s) => s.balance > 0);
  for (const seat of seats) {
    const isBot = (await deps.profile(seat.userId))?.isBot ?? false;
    await deps.bank.fromSeat({ userId: seat.userId, isBot }, seat.tableId, seat.balance, 'restart');
  }
  if (seats.length > 0)
    deps.logger.info({ seats: seats.length }, 'cashed out seats left from before a restart');
  return seats.length;
}
