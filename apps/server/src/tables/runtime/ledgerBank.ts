// The TableBank of production: every chip crosses the table's edge through the ledger (with an
// idempotency key), and each finished hand settles in one database transaction (settlement.ts).
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../errors.js';
import type { HandStore } from '../../hands/handStore.js';
import { Accounts } from '../../ledger/accounts.js';
import type { Ledger } from '../../ledger/ledger.js';
import type { Database } from '../../db/client.js';
import type { SeatHolder, TableBank } from './ports.js';
import { settleHand, type SettleInput, type SettleResult } from './settlement.js';

export class LedgerBank implements TableBank {
  constructor(
    private readonly ledger: Ledger,
    private readonly hands: HandStore,
    /** Inside each settlement's transaction: refuses it when this process no longer owns the table. */
    private readonly fence?: (tx: Database, tableId: number) => Promise<void>,
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
      await this.ledger.transfer({
        from: who.isBot ? Accounts.botBankroll : Accounts.available(who.userId),
        to: Accounts.seat(who.userId, tableId),
        amount,
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
    await this.ledger.transfer({
      from: Accounts.seat(who.userId, tableId),
      to: who.isBot ? Accounts.botBankroll : Accounts.available(who.userId),
      amount,
      kind: who.isBot ? 'bot_return' : 'leave_seat',
      key: `leave:${tableId}:${who.userId}:${randomUUID()}`,
      tableId,
      meta: { reason },
    });
  }

  settle(input: SettleInput): Promise<SettleResult> {
    const fence = this.fence;
    return settleHand(this.ledger, this.hands, input, fence && ((tx) => fence(tx, input.tableId)));
  }

  jackpotAmount(): Promise<number> {
    return this.ledger.jackpotAmount();
  }
}
