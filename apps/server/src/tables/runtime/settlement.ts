// What a finished hand does to money: pure arithmetic over the engine's hand record, turned into
// balanced ledger movements by settleHand (one database transaction per hand).
import {
  evaluate5,
  evaluate6,
  evaluateHoldem,
  evaluateOmaha,
  handRecord,
  type Card,
  type HandRecord,
} from '@tenger/engine';
import { DEFAULT_BAD_BEAT_SHARES, type Settings } from '@tenger/protocol';
import type { Database } from '../../db/client.js';
import type { HandStore } from '../../hands/handStore.js';
import { Accounts, type AccountRef } from '../../ledger/accounts.js';
import type { Ledger, Movement, PostingResult } from '../../ledger/ledger.js';
import type { TableRow } from '../tableCatalogue.js';
import type {
  HandMoney,
  JackpotPayout,
  JackpotShares,
  SeatHolder,
  SettleInput,
  SettleResult,
} from './ports.js';
import { opsSignals, secondsSince } from '../../ops/signals.js';
import type { RunningHand } from './runningHand.js';

/** The lowest value of four of a kind in the engine's evaluator (1..7462, higher wins). */
export const FOUR_OF_A_KIND_FLOOR = 7297;

export const DEFAULT_JACKPOT_SHARES: JackpotShares = DEFAULT_BAD_BEAT_SHARES;

/** The jackpot contribution is carved out of the rake, so players never pay more than the rake. */
export function handMoney(record: HandRecord, contributionPercent: number): HandMoney {
  const net = new Map(record.seats.filter((s) => s.dealtIn).map((s) => [s.seat, s.net]));
  const rake = record.rake;
  const wanted =
    record.rake > 0 ? Math.floor((record.totalPot * Math.round(contributionPercent * 100)) / 10_000) : 0;
  const jackpotContribution = Math.min(rake, wanted);
  return { net, rake, jackpotContribution, houseRake: rake - jackpotContribution };
}

/**
 * Balanced movements that apply `money`: every loser's seat pays, in seat order, the winners'
 * seats, the house rake and the jackpot, greedily. Nothing moves for a seat whose net is 0.
 */
export function settlementMovements(money: HandMoney, seatAccount: (seat: number) => AccountRef): Movement[] {
  const payers = [...money.net]
    .filter(([, n]) => n < 0)
    .map(([seat, n]) => ({ from: seatAccount(seat), left: -n }));
  const payees: { to: AccountRef; left: number }[] = [
    ...[...money.net].filter(([, n]) => n > 0).map(([seat, n]) => ({ to: seatAccount(seat), left: n })),
    { to: Accounts.houseRake, left: money.houseRake },
    { to: Accounts.jackpot, left: money.jackpotContribution },
  ].filter((p) => p.left > 0);
  const movements: Movement[] = [];
  let p = 0;
  for (const payer of payers) {
    while (payer.left > 0) {
      const payee = payees[p];
      if (!payee) throw new Error('settlement: losses exceed winnings plus rake');
      const amount = Math.min(payer.left, payee.left);
      movements.push({ from: payer.from, to: payee.to, amount });
      payer.left -= amount;
      payee.left -= amount;
      if (payee.left === 0) p++;
    }
  }
  if (payees.some((x) => x.left > 0)) throw new Error('settlement: winnings plus rake exceed losses');
  return movements;
}

export interface BadBeat {
  loserSeat: number;
  winnerSeat: number;
  loserValue: number;
}

/**
 * The bad beat of a hand, if any: a hand of four of a kind or better that reached a contested
 * showdown (shown, or auto-mucked as a loser) and lost a pot,
 * with both hole cards playing. Omaha always plays exactly two. In Hold'em "both playing" means no
 * hand as good can be made with the board and at most one of the hole cards (a quad on the board,
 * or a quad made with a single hole card, does not qualify). The strongest losing hand is taken.
 */
export function findBadBeat(record: HandRecord): BadBeat | null {
  if (record.board.length !== 5) return null;
  const omaha = record.variant !== 'holdem-nl';
  let best: BadBeat | null = null;
  for (const pot of record.pots) {
    if (pot.handValue === null || pot.winners.length === 0) continue;
    const winnerSeats = new Set(pot.winners.map((w) => w.seat));
    for (const seat of pot.eligible) {
      if (winnerSeats.has(seat)) continue;
      const entry = record.seats.find((s) => s.seat === seat);
      // Auto-muck hides most losing hands; the house's record still knows them. The payout names the
      // seat, never its cards.
      const hole = entry && !entry.folded ? (entry.shownCards ?? entry.holeCards) : null;
      if (!hole || hole.length === 0) continue;
      const value = omaha ? evaluateOmaha(hole, record.board) : evaluateHoldem([...hole, ...record.board]);
      if (value < FOUR_OF_A_KIND_FLOOR) continue;
      if (!omaha && !bothHoleCardsPlay(hole, record.board, value)) continue;
      if (!best || value > best.loserValue)
        best = { loserSeat: seat, winnerSeat: pot.winners[0].seat, loserValue: value };
    }
  }
  return best;
}

function bothHoleCardsPlay(hole: readonly Card[], board: readonly Card[], value: number): boolean {
  const [b0, b1, b2, b3, b4] = board;
  if (evaluate5(b0, b1, b2, b3, b4) >= value) return false;
  return hole.every((h) => evaluate6(b0, b1, b2, b3, b4, h) < value);
}

/** Splits `pool` by `shares` (floors; what rounding leaves stays in the jackpot). */
export function jackpotPayouts(
  pool: number,
  beat: BadBeat,
  dealtIn: readonly number[],
  shares: JackpotShares,
): JackpotPayout[] {
  const part = (percent: number) => Math.floor((pool * Math.round(percent * 100)) / 10_000);
  const payouts: JackpotPayout[] = [
    { seat: beat.loserSeat, share: 'loser', amount: part(shares.loser) },
    { seat: beat.winnerSeat, share: 'winner', amount: part(shares.winner) },
  ];
  const others = dealtIn.filter((s) => s !== beat.loserSeat && s !== beat.winnerSeat);
  if (others.length > 0) {
    const each = Math.floor(part(shares.table) / others.length);
    for (const seat of others) payouts.push({ seat, share: 'table', amount: each });
  }
  return payouts.filter((p) => p.amount > 0);
}

/**
 * Settles a finished hand in ONE database transaction: the net results between seat accounts, rake
 * to the house, the jackpot contribution, a bad-beat payout (as `bonus`, to the players' balances;
 * bots' shares go back to the bot bankroll), and the hand record. Listeners are told after commit.
 * Safe to retry: the postings' keys are the hand's, and a hand already stored changes nothing.
 */
export async function settleHand(
  ledger: Ledger,
  hands: HandStore,
  input: SettleInput,
  /** Runs first inside the transaction; throws to refuse it (the fencing token of the table's lease). */
  guard?: (tx: Database) => Promise<void>,
): Promise<SettleResult> {
  const { record, owners, tableId, handId } = input;
  const money = handMoney(record, input.contributionPercent);
  const seatAccount = (seat: number) => Accounts.seat(owners.get(seat)!.userId, tableId);
  const beat = findBadBeat(record);
  const began = performance.now();
  const result = await ledger.inTransaction(async (tx: Database) => {
    await guard?.(tx);
    const postings: PostingResult[] = [];
    // A retry of a settlement that committed though its caller never heard (the connection dropped).
    if (await hands.isStored(tx, handId)) return { postings, payouts: [] as JackpotPayout[], jackpot: null };
    const movements = settlementMovements(money, seatAccount);
    if (movements.length > 0) {
      postings.push(
        await ledger.postWithin(tx, {
          key: `hand:${handId}:settle`,
          kind: 'gameplay',
          tableId,
          handId,
          meta: { handNumber: record.handNumber, rake: money.rake, jackpot: money.jackpotContribution },
          movements,
          // A bad beat reads the pool with this hand's contribution in it: applied now, not at commit.
          applyNow: !!beat,
        }),
      );
    }
    let payouts: JackpotPayout[] = [];
    // The pool is read (inside the transaction, after this hand's contribution) only for a bad beat.
    const pool = beat ? await ledger.jackpotAmount(tx) : 0;
    if (beat && pool > 0) {
      const dealtIn = record.seats.filter((s) => s.dealtIn).map((s) => s.seat);
      payouts = jackpotPayouts(pool, beat, dealtIn, input.shares);
      if (payouts.length > 0) {
        postings.push(
          await ledger.postWithin(tx, {
            key: `hand:${handId}:jackpot`,
            kind: 'bonus',
            tableId,
            handId,
            meta: { reason: 'bad_beat_jackpot', handNumber: record.handNumber },
            movements: payouts.map((p) => {
              const owner = owners.get(p.seat)!;
              return {
                from: Accounts.jackpot,
                to: owner.isBot ? Accounts.botBankroll : Accounts.available(owner.userId),
                amount: p.amount,
              };
            }),
          }),
        );
      }
    }
    const paid = payouts.reduce((sum, p) => sum + p.amount, 0);
    await hands.insert(tx, {
      ...input.stored,
      jackpotContribution: money.jackpotContribution,
      jackpotPayout: paid,
      players: handPlayers(record, owners),
    });
    return { postings, payouts, jackpot: beat ? pool - paid : null };
  });
  opsSignals.handSettled.publish({ seconds: secondsSince(began) });
  return { money, ...result };
}

/**
 * Finishing a hand: what its settlement needs (the record, the owners, the jackpot rules and the
 * stored hand with its seeds; its PHH and PokerStars texts are rendered when read, hands/handTexts.ts).
 * Null while the engine has no record (not complete).
 */
export function handSettlement(
  hand: RunningHand,
  table: Pick<TableRow, 'id'>,
  settings: Settings,
  endedAt: Date,
): SettleInput | null {
  const record = handRecord(hand.state);
  if (!record) return null;
  return {
    handId: hand.handId,
    tableId: table.id,
    record,
    owners: hand.owners,
    contributionPercent: settings.jackpot.contributionPercent,
    shares: settings.jackpot.badBeatShares ?? DEFAULT_JACKPOT_SHARES,
    stored: {
      handId: hand.handId,
      tableId: table.id,
      handNumber: record.handNumber,
      startedAt: hand.startedAt,
      endedAt,
      variant: record.variant,
      record,
      fairnessVersion: 2,
      serverSeed: '',
      seedCommitment: hand.deck.committed.deckCommitment,
      clientSeed: '',
      playerSeeds: hand.deck.playerSeeds,
      committedDeck: hand.deck.committed,
      totalPot: record.totalPot,
      rake: record.rake,
      decisions: hand.decisions ?? [],
    },
  };
}

/** The stored hand's player rows: each dealt-in seat's owner, net result and what it won from the pots. */
export function handPlayers(record: HandRecord, owners: ReadonlyMap<number, SeatHolder>) {
  return record.seats
    .filter((s) => s.dealtIn)
    .map((s) => ({
      userId: owners.get(s.seat)!.userId,
      seat: s.seat,
      net: s.net,
      won: record.pots.reduce(
        (sum, pot) => sum + pot.winners.filter((w) => w.seat === s.seat).reduce((a, w) => a + w.amount, 0),
        0,
      ),
    }));
}
