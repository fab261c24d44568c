// The TicketBank of production (satellites.ts): each ticket movement is one ledger transaction under the
// director's idempotency key and fencing token, and the ticket's row in `tournament_tickets` (held, used,
// refunded) changes in that same transaction. A ticket's value sits in the player's ticket account for
// the target (`ticket:{user}:{target}`, kind player_ticket, never negative); a bot's ticket too (its
// cash refund goes back to the bot bankroll).
import { sql } from 'drizzle-orm';
import type { TournamentTicket } from '@tenger/protocol';
import { queryRows, type Database } from '../db/client.js';
import { DomainError } from '../errors.js';
import { Accounts } from '../ledger/accounts.js';
import type { Ledger, PostingRequest } from '../ledger/ledger.js';
import type { TournamentFence } from './ledgerTournamentBank.js';
import type { SeatHolder } from './ports.js';
import type { HeldTicket, TicketBank } from './satellites.js';

export class LedgerTicketBank implements TicketBank {
  constructor(
    private readonly ledger: Ledger,
    private readonly db: Database,
    private readonly fence?: TournamentFence,
  ) {}

  /** One transaction under the tournament's fence. */
  private within<T>(tournamentId: number, work: (tx: Database) => Promise<T>): Promise<T> {
    return this.ledger.inTransaction(async (tx) => {
      await this.fence?.(tx, tournamentId);
      return work(tx);
    });
  }

  async awardTicket(
    satelliteId: number,
    who: SeatHolder,
    targetId: number,
    value: number,
    key: string,
  ): Promise<void> {
    await this.within(satelliteId, async (tx) => {
      const posted = await this.ledger.postWithin(tx, {
        key,
        kind: 'tournament_ticket',
        movements: [
          {
            from: Accounts.tournamentPool(satelliteId),
            to: Accounts.ticket(who.userId, targetId),
            amount: value,
          },
        ],
        meta: { tournamentId: satelliteId, targetId },
      });
      if (posted.replayed) return;
      await queryRows(
        tx,
        sql`INSERT INTO tournament_tickets (award_key, user_id, satellite_id, target_id, value)
            VALUES (${key}, ${who.userId}, ${satelliteId}, ${targetId}, ${value})
            ON CONFLICT (award_key) DO NOTHING`,
      );
    });
  }

  async enterWithTicket(
    targetId: number,
    who: SeatHolder,
    buyIn: number,
    fee: number,
    key: string,
  ): Promise<boolean> {
    try {
      return await this.within(targetId, async (tx) => {
        const [done] = await queryRows<{ id: number }>(
          tx,
          sql`SELECT id FROM ledger_transactions WHERE idempotency_key = ${key}`,
        );
        if (done) return true; // a retried entry: made already
        const [ticket] = await queryRows<{ id: number }>(
          tx,
          sql`SELECT id FROM tournament_tickets
              WHERE user_id = ${who.userId} AND target_id = ${targetId} AND status = 'held'
              ORDER BY id LIMIT 1 FOR UPDATE`,
        );
        if (!ticket) return false;
        const from = Accounts.ticket(who.userId, targetId);
        await this.ledger.postWithin(tx, {
          key,
          kind: 'tournament_ticket_entry',
          movements: positive([
            { from, to: Accounts.tournamentPool(targetId), amount: buyIn },
            { from, to: Accounts.tournamentFees, amount: fee },
          ]),
          meta: { tournamentId: targetId, ticketId: ticket.id },
        });
        await queryRows(
          tx,
          sql`UPDATE tournament_tickets SET status = 'used', updated_at = now() WHERE id = ${ticket.id}`,
        );
        return true;
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'insufficient_funds') return false;
      throw error;
    }
  }

  async returnTicket(
    targetId: number,
    who: SeatHolder,
    buyIn: number,
    fee: number,
    key: string,
  ): Promise<void> {
    await this.within(targetId, async (tx) => {
      const to = Accounts.ticket(who.userId, targetId);
      const posted = await this.ledger.postWithin(tx, {
        key,
        kind: 'tournament_ticket_return',
        movements: positive([
          { from: Accounts.tournamentPool(targetId), to, amount: buyIn },
          { from: Accounts.tournamentFees, to, amount: fee },
        ]),
        meta: { tournamentId: targetId },
      });
      if (posted.replayed) return;
      await queryRows(
        tx,
        sql`UPDATE tournament_tickets SET status = 'held', updated_at = now()
            WHERE id = (SELECT id FROM tournament_tickets
                        WHERE user_id = ${who.userId} AND target_id = ${targetId} AND status = 'used'
                        ORDER BY updated_at DESC, id DESC LIMIT 1)`,
      );
    });
  }

  async refundTicket(ticket: HeldTicket, key: string, fencedBy = ticket.targetId): Promise<void> {
    await this.within(fencedBy, async (tx) => {
      const [held] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM tournament_tickets WHERE award_key = ${ticket.key} AND status = 'held' FOR UPDATE`,
      );
      if (!held) return;
      await this.ledger.postWithin(tx, {
        key,
        kind: 'tournament_ticket_refund',
        movements: [
          {
            from: Accounts.ticket(ticket.userId, ticket.targetId),
            to: ticket.isBot ? Accounts.botBankroll : Accounts.available(ticket.userId),
            amount: ticket.value,
          },
        ],
        meta: { tournamentId: ticket.targetId, ticketId: held.id },
      });
      await queryRows(
        tx,
        sql`UPDATE tournament_tickets SET status = 'refunded', updated_at = now() WHERE id = ${held.id}`,
      );
    });
  }

  async heldTickets(targetId: number): Promise<HeldTicket[]> {
    const rows = await queryRows<{
      award_key: string;
      user_id: number;
      is_bot: boolean;
      satellite_id: number;
      value: string | number;
    }>(
      this.db,
      sql`SELECT k.award_key, k.user_id, u.is_bot, k.satellite_id, k.value
          FROM tournament_tickets k JOIN users u ON u.id = k.user_id
          WHERE k.target_id = ${targetId} AND k.status = 'held' ORDER BY k.id`,
    );
    return rows.map((r) => ({
      key: r.award_key,
      userId: r.user_id,
      isBot: r.is_bot,
      satelliteId: r.satellite_id,
      targetId,
      value: Number(r.value),
    }));
  }
}

/** A player's tickets, newest first (GET /api/v1/user/tickets): target, value, status. */
export async function ticketsOf(db: Database, userId: number): Promise<TournamentTicket[]> {
  const rows = await queryRows<{
    id: number;
    target_id: number;
    target_name: string;
    target_status: string;
    target_starts_at: Date | string | null;
    satellite_id: number;
    satellite_name: string;
    value: string | number;
    status: 'held' | 'used' | 'refunded';
    created_at: Date | string;
  }>(
    db,
    sql`SELECT k.id, k.target_id, t.name AS target_name, t.status AS target_status, t.starts_at AS target_starts_at,
               k.satellite_id, s.name AS satellite_name, k.value, k.status, k.created_at
        FROM tournament_tickets k
        JOIN tournaments t ON t.id = k.target_id
        JOIN tournaments s ON s.id = k.satellite_id
        WHERE k.user_id = ${userId}
        ORDER BY k.id DESC LIMIT 200`,
  );
  const iso = (d: Date | string) => new Date(d).toISOString();
  return rows.map((r) => ({
    ticketId: r.id,
    targetId: r.target_id,
    targetName: r.target_name,
    targetStartsAt: r.target_starts_at === null ? null : iso(r.target_starts_at),
    satelliteId: r.satellite_id,
    satelliteName: r.satellite_name,
    value: Number(r.value),
    status: r.status,
    createdAt: iso(r.created_at),
  }));
}

/** The ledger refuses zero movements (a free target). */
function positive(movements: PostingRequest['movements']): PostingRequest['movements'] {
  return movements.filter((m) => m.amount > 0);
}
