// The bank of a tournament table. Chips are not money: the buy-in already went to the tournament's
// prize pool (tournaments/ledgerTournamentBank.ts), so nothing crosses this table's edge and a
// settled hand moves nothing. It still writes the hand record (history and seeds: replay and the PHH
// and PokerStars texts, rendered on read, work as at a cash table), through `recordHand`, in its own
// transaction.
import type { StoredHand } from '../../hands/handStore.js';
import type { SeatHolder, SettleInput, SettleResult, TableBank } from './ports.js';
import { handPlayers } from './settlement.js';

export class TournamentChipBank implements TableBank {
  constructor(private readonly recordHand: (hand: StoredHand) => Promise<void>) {}

  /** Nobody buys in or recharges at a tournament table (the runtime refuses SIT and RECHARGE first). */
  async toSeat(_who: SeatHolder, _tableId: number, _amount: number): Promise<boolean> {
    return false;
  }

  /** A player leaving a tournament table takes no money with them: their chips stay with the director. */
  async fromSeat(): Promise<void> {}

  async settle(input: SettleInput): Promise<SettleResult> {
    const { record, owners } = input;
    await this.recordHand({
      ...input.stored,
      jackpotContribution: 0,
      jackpotPayout: 0,
      players: handPlayers(record, owners),
    });
    const net = new Map(record.seats.filter((s) => s.dealtIn).map((s) => [s.seat, s.net]));
    return {
      money: { net, rake: record.rake, jackpotContribution: 0, houseRake: record.rake },
      payouts: [],
      postings: [],
      jackpot: null,
    };
  }

  /** No seat holds money at a tournament table (the dealer never reconciles one against accounts). */
  async seatAccounts(): Promise<Map<number, number>> {
    return new Map();
  }

  async jackpotAmount(): Promise<number> {
    return 0;
  }
}
