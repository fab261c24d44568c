// The TournamentBank of production: entries, refunds, prizes and bounties through the ledger, each one
// transaction with the director's idempotency key (a retried step moves nothing twice). Bots enter
// with the house's bot bankroll (marked) and their prizes go back to it.
import { recordAudit } from '../audit/auditLog.js';
import { DomainError } from '../errors.js';
import { Accounts } from '../ledger/accounts.js';
import type { Database } from '../db/client.js';
import type { Ledger, Movement, PostingRequest } from '../ledger/ledger.js';
import type { SeatHolder, TournamentBank } from './ports.js';

/**
 * Inside each money move's transaction: passes only while this process's director still holds the
 * tournament's lease and its fencing token is the newest (a stale director moves no tugrik).
 */
export type TournamentFence = (tx: Database, tournamentId: number) => Promise<void>;

export class LedgerTournamentBank implements TournamentBank {
  constructor(
    private readonly ledger: Ledger,
    private readonly fence?: TournamentFence,
  ) {}

  private post(tournamentId: number, request: PostingRequest) {
    const fence = this.fence;
    return this.ledger.post(request, fence && ((tx) => fence(tx, tournamentId)));
  }

  async enter(
    tournamentId: number,
    who: SeatHolder,
    buyIn: number,
    fee: number,
    key: string,
  ): Promise<boolean> {
    const from = holder(who);
    const movements: Movement[] = [{ from, to: Accounts.tournamentPool(tournamentId), amount: buyIn }];
    if (fee > 0) movements.push({ from, to: Accounts.tournamentFees, amount: fee });
    if (positive(movements).length === 0) return true;
    try {
      await this.post(tournamentId, {
        key,
        kind: 'tournament_buy_in',
        movements: positive(movements),
        meta: { tournamentId },
      });
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'insufficient_funds') return false;
      throw error;
    }
  }

  async refund(
    tournamentId: number,
    who: SeatHolder,
    buyIn: number,
    fee: number,
    key: string,
  ): Promise<void> {
    const to = holder(who);
    const movements: Movement[] = [{ from: Accounts.tournamentPool(tournamentId), to, amount: buyIn }];
    if (fee > 0) movements.push({ from: Accounts.tournamentFees, to, amount: fee });
    if (positive(movements).length === 0) return;
    await this.post(tournamentId, {
      key,
      kind: 'tournament_refund',
      movements: positive(movements),
      meta: { tournamentId },
    });
  }

  async pay(tournamentId: number, who: SeatHolder, amount: number, key: string): Promise<void> {
    if (amount <= 0) return;
    await this.post(tournamentId, {
      key,
      kind: 'tournament_prize',
      movements: [{ from: Accounts.tournamentPool(tournamentId), to: holder(who), amount }],
      meta: { tournamentId },
    });
  }

  /** A knockout bounty's cash (or a bounty left on a head paid at the end): the pool -> balance. */
  async bounty(tournamentId: number, who: SeatHolder, amount: number, key: string): Promise<void> {
    if (amount <= 0) return;
    await this.post(tournamentId, {
      key,
      kind: 'tournament_bounty',
      movements: [{ from: Accounts.tournamentPool(tournamentId), to: holder(who), amount }],
      meta: { tournamentId },
    });
  }

  /** The overlay, audited in its own transaction (once: a replayed key records nothing). */
  async overlay(tournamentId: number, amount: number, key: string): Promise<void> {
    if (amount <= 0) return;
    const fence = this.fence;
    await this.ledger.post(
      {
        key,
        kind: 'tournament_overlay',
        movements: [
          { from: Accounts.tournamentGuarantee, to: Accounts.tournamentPool(tournamentId), amount },
        ],
        meta: { tournamentId },
      },
      async (tx, posted) => {
        await fence?.(tx, tournamentId);
        if (posted.replayed) return;
        await recordAudit(tx, {
          actorId: null,
          actorName: 'system',
          ip: '',
          action: 'tournament.overlay',
          targetType: 'tournament',
          targetId: tournamentId,
          summary: `overlay ${amount} from the house's guarantee account into the prize pool of tournament #${tournamentId}`,
        });
      },
    );
  }
}

function holder(who: SeatHolder) {
  return who.isBot ? Accounts.botBankroll : Accounts.available(who.userId);
}

/** A free tournament (buy-in 0) moves nothing; the ledger refuses zero movements. */
function positive(movements: Movement[]): Movement[] {
  return movements.filter((m) => m.amount > 0);
}
