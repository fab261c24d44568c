// The TournamentBank of production: entries, refunds, prizes and bounties through the ledger, each one
// transaction with the director's idempotency key (a retried step moves nothing twice). Bots enter
// with the house's bot bankroll (marked) and their prizes go back to it.
import type { AuditSummary } from '@tenger/protocol';
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
    const request = entryRequest(tournamentId, who, buyIn, fee, key);
    if (!request) return true;
    return paidUnlessShort(this.post(tournamentId, request));
  }

  /** A batch of entries in one transaction (one commit, not one per entry), under the lease's fence. */
  async enterMany(
    tournamentId: number,
    entries: ReadonlyArray<{ who: SeatHolder; key: string }>,
    buyIn: number,
    fee: number,
  ): Promise<boolean[]> {
    return this.ledger.inTransaction(async (tx) => {
      await this.fence?.(tx, tournamentId);
      const paid: boolean[] = [];
      for (const { who, key } of entries) {
        const request = entryRequest(tournamentId, who, buyIn, fee, key);
        paid.push(request ? await paidUnlessShort(this.ledger.postWithin(tx, request)) : true);
      }
      return paid;
    });
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

  /**
   * A final-table deal: the pool -> every player's agreed amount, one transaction under one key, audited
   * in it with its terms (once: a replayed key records nothing). Bots' amounts go back to the bot bankroll.
   */
  async deal(
    tournamentId: number,
    payments: ReadonlyArray<{ who: SeatHolder; amount: number }>,
    key: string,
    terms: { choice: 'icm' | 'chip-chop'; kept: number },
  ): Promise<void> {
    const movements = positive(
      payments.map(({ who, amount }) => ({
        from: Accounts.tournamentPool(tournamentId),
        to: holder(who),
        amount,
      })),
    );
    if (movements.length === 0) return;
    const total = movements.reduce((sum, m) => sum + m.amount, 0);
    const shares = payments.map((p) => `#${p.who.userId} ${p.amount}`).join(', ');
    await this.postAudited(
      tournamentId,
      {
        key,
        kind: 'tournament_prize',
        movements,
        meta: { tournamentId, deal: terms.choice, kept: terms.kept },
      },
      'tournament.deal',
      `final-table deal (${terms.choice}) of tournament #${tournamentId}: ${total} paid from the prize pool (${shares}); ${terms.kept} kept to play for`,
      { code: 'tournament.deal', params: { tournamentId, total, kept: terms.kept } },
    );
  }

  /** The overlay, audited in its own transaction (once: a replayed key records nothing). */
  async overlay(tournamentId: number, amount: number, key: string): Promise<void> {
    if (amount <= 0) return;
    await this.postAudited(
      tournamentId,
      {
        key,
        kind: 'tournament_overlay',
        movements: [
          { from: Accounts.tournamentGuarantee, to: Accounts.tournamentPool(tournamentId), amount },
        ],
        meta: { tournamentId },
      },
      'tournament.overlay',
      `overlay ${amount} from the house's guarantee account into the prize pool of tournament #${tournamentId}`,
      { code: 'tournament.overlay', params: { amount, tournamentId } },
    );
  }

  /** A posting with its system audit row in the same transaction (none when the key was posted already). */
  private async postAudited(
    tournamentId: number,
    request: PostingRequest,
    action: 'tournament.overlay' | 'tournament.deal',
    summary: string,
    coded: AuditSummary,
  ): Promise<void> {
    const fence = this.fence;
    await this.ledger.post(request, async (tx, posted) => {
      await fence?.(tx, tournamentId);
      if (posted.replayed) return;
      await recordAudit(tx, {
        actorId: null,
        actorName: 'system',
        ip: '',
        action,
        targetType: 'tournament',
        targetId: tournamentId,
        summary,
        coded,
      });
    });
  }
}

/** An entry's buy-in to the pool and fee to the house (null: a free tournament moves nothing). */
function entryRequest(
  tournamentId: number,
  who: SeatHolder,
  buyIn: number,
  fee: number,
  key: string,
): PostingRequest | null {
  const from = holder(who);
  const movements: Movement[] = [{ from, to: Accounts.tournamentPool(tournamentId), amount: buyIn }];
  if (fee > 0) movements.push({ from, to: Accounts.tournamentFees, amount: fee });
  if (positive(movements).length === 0) return null;
  return { key, kind: 'tournament_buy_in', movements: positive(movements), meta: { tournamentId } };
}

/** True once posted; false when the balance is too low (nothing was written). */
async function paidUnlessShort(posting: Promise<unknown>): Promise<boolean> {
  try {
    await posting;
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'insufficient_funds') return false;
    throw error;
  }
}

function holder(who: SeatHolder) {
  return who.isBot ? Accounts.botBankroll : Accounts.available(who.userId);
}

/** A free tournament (buy-in 0) moves nothing; the ledger refuses zero movements. */
function positive(movements: Movement[]): Movement[] {
  return movements.filter((m) => m.amount > 0);
}
