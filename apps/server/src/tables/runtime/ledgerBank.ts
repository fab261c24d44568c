// The TableBank of production: every chip crosses the table's edge through the ledger (with an
// idempotency key), and each finished hand settles in one database transaction (settlement.ts). Every
// one of these moves checks the table's fence (the owner's fencing token) inside its own transaction.
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../errors.js';
import type { HandStore } from '../../hands/handStore.js';
import { Accounts } from '../../ledger/accounts.js';
import type { Ledger, PostingRequest } from '../../ledger/ledger.js';
import type { Database } from '../../db/client.js';
import { seatBalances } from '../../ledger/ledgerReads.js';
import type { SeatHolder, SettleInput, SettleResult, TableBank } from './ports.js';
import { settleHand } from './settlement.js';

/** Inside a money move's transaction: throws (and nothing is written) when this process no longer owns the table. */
export type TableFence = (tx: Database, tableId: number) => Promise<void>;

export class LedgerBank implements TableBank {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly hands: HandStore,
    private readonly fence?: TableFence,
  ) {}

  async toSeat(
    who: SeatHolder,
    tableId: number,
    amount: number,
    kind: 'buy_in' | 'recharge',
  ): Promise<boolean> {
    // Bots are funded from the house's bot bankroll (marked), never from a balance.
    const ledgerKind = who.isBot ? 'bot_funding' : kind;
    try {
      await this.fenced(tableId, {
        movements: [
          {
            from: who.isBot ? Accounts.botBankroll : Accounts.available(who.userId),
            to: Accounts.seat(who.userId, tableId),
            amount,
          },
        ],
        kind: ledgerKind,
        key: `${ledgerKind}:${tableId}:${who.userId}:${randomUUID()}`,
        tableId,
      });
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'insufficient_funds') return false;
      throw error;
    }
  }

  async fromSeat(who: SeatHolder, tableId: number, amount: number, reason: string): Promise<void> {
    await this.fenced(tableId, {
      movements: [
        {
          from: Accounts.seat(who.userId, tableId),
          to: who.isBot ? Accounts.botBankroll : Accounts.available(who.userId),
          amount,
        },
      ],
      kind: who.isBot ? 'bot_return' : 'leave_seat',
      key: `leave:${tableId}:${who.userId}:${randomUUID()}`,
      tableId,
      meta: { reason },
    });
  }

  async seatAccounts(tableId: number): Promise<Map<number, number>> {
    return new Map((await seatBalances(this.db, tableId)).map((s) => [s.userId, s.balance]));
  }

  settle(input: SettleInput): Promise<SettleResult> {
    const fence = this.fence;
    return settleHand(this.ledger, this.hands, input, fence && ((tx) => fence(tx, input.tableId)));
  }

  jackpotAmount(): Promise<number> {
    return this.ledger.jackpotAmount();
  }

  /** One posting, in one transaction with the table's fence (without a fence: the posting alone). */
  private async fenced(tableId: number, request: PostingRequest): Promise<void> {
    const fence = this.fence;
    await this.ledger.post(request, fence && ((tx) => fence(tx, tableId)));
  }
}
