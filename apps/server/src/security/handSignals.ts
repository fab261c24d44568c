// What one settled hand says about its players, for the security desk's detectors: who was dealt in
// with whom, how many chips went from whom to whom, whether a big loss was a dump (folding the better
// hand, or paying off with a hand far behind), who raised while whom was still in, how long each
// decision took, and who sat down from the same address. Pure: the house's record in, signals out.
import { evaluateHoldem, evaluateOmaha, type Card, type HandRecord } from '@tenger/engine';
import { seededRandom } from '../tables/runtime/simulation/botPlayer.js';

/** A stored hand as the detectors read it. */
export interface ObservedHand {
  handId: string;
  tableId: number;
  startedAt: Date;
  endedAt: Date;
  /** The house's record (every hole card). */
  record: HandRecord;
  /** seat -> userId of every seat dealt in. */
  owners: ReadonlyMap<number, number>;
  /** How long each decision took, in order (null: a hand settled before decisions were kept). */
  decisions: readonly Decision[] | null;
  /** userId -> the address (and browser) the player sat down from at this table, when known. */
  addresses: ReadonlyMap<number, string>;
}

export interface Decision {
  seat: number;
  ms: number;
}

/** A loss of at least this many big blinds to one opponent is looked at as a possible dump. */
export const DUMP_MIN_LOSS_BB = 20;
/** A paid-off loss is a dump when the loser's chance against the winner was at most this. */
export const FAR_BEHIND_EQUITY = 0.25;
/** A fold is a dump when the folder's chance against the winner was at least this. */
export const FOLDED_AHEAD_EQUITY = 0.6;
/** At most this many boards are evaluated for one equity. */
const EQUITY_BOARDS = 2000;

/** One ordered pair's part of a hand: `from` lost chips that `to` won. */
export interface FlowSignal {
  from: number;
  to: number;
  /** Tugrik from `from` to `to` (the loss shared over the winners by what each won). */
  chips: number;
  /** The same in big blinds. */
  bigBlinds: number;
  /** The loss was a dump (see DUMP_MIN_LOSS_BB, FAR_BEHIND_EQUITY, FOLDED_AHEAD_EQUITY). */
  dump: 'folded-ahead' | 'paid-off-behind' | null;
}

/**
 * Decisions and bets or raises after the flop, by spot: how many opponents were still in (one to five
 * or more) and whether a bet was to be called (index (opponents - 1) * 2 + facing). A player bets less
 * into more opponents and raises a bet less often than they bet when checked to: like is compared
 * with like.
 */
export interface Spots {
  decisions: number[];
  raises: number[];
}

export const SPOT_BUCKETS = 10;
export const emptySpots = (): Spots => ({
  decisions: new Array<number>(SPOT_BUCKETS).fill(0),
  raises: new Array<number>(SPOT_BUCKETS).fill(0),
});

/** Adds `from` into `into`. */
export function addSpots(into: Spots, from: Spots): void {
  for (let k = 0; k < SPOT_BUCKETS; k++) {
    into.decisions[k] += from.decisions[k];
    into.raises[k] += from.raises[k];
  }
}

/** What `actor` did after the flop while `other` was still in the hand. */
export interface LiveSignal {
  actor: number;
  other: number;
  spots: Spots;
}

export interface PlayerSignal {
  userId: number;
  /** Voluntary decisions (timeouts excluded when times are known). */
  decisions: number;
  /** Bets and raises among them. */
  raises: number;
  /** Decisions after the flop and bets or raises among them. */
  postflop: Spots;
  /** Decision times of the hand, in ms. */
  times: number[];
}

export interface HandSignals {
  handId: string;
  tableId: number;
  startedAt: Date;
  endedAt: Date;
  /** Every dealt-in player. */
  userIds: number[];
  flows: FlowSignal[];
  live: LiveSignal[];
  players: PlayerSignal[];
  /** Pairs (a < b) who sat down from the same address at this table. */
  sharedAddress: Array<[number, number]>;
}

/** The signals of one hand. */
export function handSignals(hand: ObservedHand): HandSignals {
  const { record, owners } = hand;
  const userOf = (seat: number) => owners.get(seat);
  const dealt = record.seats.filter((s) => s.dealtIn && userOf(s.seat) !== undefined);
  const userIds = dealt.map((s) => userOf(s.seat)!);
  const play = walkHistory(record);
  const players = new Map<number, PlayerSignal>(
    userIds.map((id) => [id, { userId: id, decisions: 0, raises: 0, postflop: emptySpots(), times: [] }]),
  );
  for (const [seat, counts] of play.bySeat) {
    const player = players.get(userOf(seat)!);
    if (!player) continue;
    player.decisions += counts.decisions;
    player.raises += counts.raises;
    addSpots(player.postflop, counts.postflop);
  }
  for (const d of hand.decisions ?? []) {
    const id = userOf(d.seat);
    if (id !== undefined && Number.isFinite(d.ms) && d.ms >= 0) players.get(id)?.times.push(d.ms);
  }
  const live: LiveSignal[] = [];
  for (const [key, spots] of play.live) {
    const [actorSeat, otherSeat] = key.split(':').map(Number);
    const actor = userOf(actorSeat);
    const other = userOf(otherSeat);
    if (actor === undefined || other === undefined || actor === other) continue;
    live.push({ actor, other, spots });
  }
  return {
    handId: hand.handId,
    tableId: hand.tableId,
    startedAt: hand.startedAt,
    endedAt: hand.endedAt,
    userIds,
    flows: chipFlows(record, userOf, play),
    live,
    players: [...players.values()],
    sharedAddress: sharedAddresses(userIds, hand.addresses),
  };
}

interface SeatPlay {
  decisions: number;
  raises: number;
  postflop: Spots;
  /** Board cards out when the seat last put chips in voluntarily, and when it folded. */
  lastCommitBoard: number;
  foldBoard: number | null;
}

interface Play {
  bySeat: Map<number, SeatPlay>;
  /** "actorSeat:otherSeat" -> decisions and raises of actor after the flop while other was still in. */
  live: Map<string, Spots>;
}

function walkHistory(record: HandRecord): Play {
  const inHand = new Set(record.seats.filter((s) => s.dealtIn).map((s) => s.seat));
  const bySeat = new Map<number, SeatPlay>();
  const live = new Map<string, Spots>();
  let board = 0;
  let streetBet = 0;
  const streetPut = new Map<number, number>();
  for (const entry of record.history) {
    if (entry.kind === 'board') {
      board += entry.cards.length;
      streetBet = 0;
      streetPut.clear();
    } else if (entry.kind === 'post' && entry.post !== 'ante' && entry.post !== 'dead-small-blind') {
      streetPut.set(entry.seat, (streetPut.get(entry.seat) ?? 0) + entry.amount);
      streetBet = Math.max(streetBet, streetPut.get(entry.seat)!);
    } else if (entry.kind === 'action') {
      const play = bySeat.get(entry.seat) ?? {
        decisions: 0,
        raises: 0,
        postflop: emptySpots(),
        lastCommitBoard: 0,
        foldBoard: null,
      };
      bySeat.set(entry.seat, play);
      const raise =
        entry.type === 'bet' || entry.type === 'raise' || (entry.type === 'allin' && entry.to > streetBet);
      play.decisions++;
      if (raise) play.raises++;
      // After the flop: raises against a given opponent still in are compared with the actor's raises
      // after the flop when that opponent is not in (preflop, everyone is in and raises mean less).
      if (board >= 3) {
        const opponents = Math.min(inHand.size - 1, SPOT_BUCKETS / 2);
        const facing = streetBet > (streetPut.get(entry.seat) ?? 0) ? 1 : 0;
        const k = opponents > 0 ? (opponents - 1) * 2 + facing : -1;
        if (k >= 0) {
          play.postflop.decisions[k]++;
          if (raise) play.postflop.raises[k]++;
        }
        for (const other of inHand) {
          if (other === entry.seat || k < 0) continue;
          const key = `${entry.seat}:${other}`;
          const spots = live.get(key) ?? emptySpots();
          spots.decisions[k]++;
          if (raise) spots.raises[k]++;
          live.set(key, spots);
        }
      }
      if (entry.added > 0) play.lastCommitBoard = board;
      if (entry.type === 'fold') {
        play.foldBoard = board;
        inHand.delete(entry.seat);
      }
      streetPut.set(entry.seat, entry.to);
      streetBet = Math.max(streetBet, entry.to);
    }
  }
  return { bySeat, live };
}

/**
 * Each loser's loss shared over the winners in proportion to what they won; a big loss to one winner
 * is judged against the winner's cards (the house knows them).
 */
function chipFlows(
  record: HandRecord,
  userOf: (seat: number) => number | undefined,
  play: Play,
): FlowSignal[] {
  const dealt = record.seats.filter((s) => s.dealtIn && userOf(s.seat) !== undefined);
  const winners = dealt.filter((s) => s.net > 0);
  const won = winners.reduce((sum, s) => sum + s.net, 0);
  if (won === 0) return [];
  const bigBlind = Math.max(1, record.bigBlind);
  const dead = dealt.flatMap((s) => s.holeCards);
  const flows: FlowSignal[] = [];
  for (const loser of dealt.filter((s) => s.net < 0)) {
    for (const winner of winners) {
      const chips = Math.floor((-loser.net * winner.net) / won);
      if (chips <= 0) continue;
      const bigBlinds = chips / bigBlind;
      flows.push({
        from: userOf(loser.seat)!,
        to: userOf(winner.seat)!,
        chips,
        bigBlinds,
        dump: bigBlinds >= DUMP_MIN_LOSS_BB ? dumpOf(record, loser, winner, play, dead) : null,
      });
    }
  }
  return flows;
}

type RecordSeat = HandRecord['seats'][number];

function dumpOf(
  record: HandRecord,
  loser: RecordSeat,
  winner: RecordSeat,
  play: Play,
  dead: readonly Card[],
): FlowSignal['dump'] {
  if (loser.holeCards.length === 0 || winner.holeCards.length === 0) return null;
  const seatPlay = play.bySeat.get(loser.seat);
  if (!seatPlay) return null;
  const omaha = record.variant !== 'holdem-nl';
  if (loser.folded) {
    const board = record.board.slice(0, seatPlay.foldBoard ?? 0);
    const equity = headsUpEquity(loser.holeCards, winner.holeCards, board, dead, omaha);
    return equity >= FOLDED_AHEAD_EQUITY ? 'folded-ahead' : null;
  }
  // Judged on the flop at the latest: on the river every losing call is "behind"; a call-down that
  // was far behind when the flop came is the dumper's signature, not a lost bluff-catch.
  const board = record.board.slice(0, Math.min(seatPlay.lastCommitBoard, 3));
  const equity = headsUpEquity(loser.holeCards, winner.holeCards, board, dead, omaha);
  return equity <= FAR_BEHIND_EQUITY ? 'paid-off-behind' : null;
}

/**
 * The chance `mine` beats `theirs` (ties half) over the boards that could still come, given the known
 * `board` and every other dealt card out of the deck. Deterministic: every board when there are few
 * (from the flop on), else EQUITY_BOARDS boards drawn by a generator seeded with the cards.
 */
export function headsUpEquity(
  mine: readonly Card[],
  theirs: readonly Card[],
  board: readonly Card[],
  dead: readonly Card[],
  omaha: boolean,
): number {
  const known = new Set<number>([...mine, ...theirs, ...board, ...dead]);
  const deck: number[] = [];
  for (let c = 0; c < 52; c++) if (!known.has(c)) deck.push(c);
  const need = 5 - board.length;
  const full = [...board, 0, 0, 0, 0, 0].slice(0, 5);
  const seven = new Array<number>(7);
  const value = (hole: readonly Card[]) => {
    if (omaha) return evaluateOmaha(hole, full);
    seven[0] = hole[0];
    seven[1] = hole[1];
    for (let i = 0; i < 5; i++) seven[i + 2] = full[i];
    return evaluateHoldem(seven);
  };
  let score = 0;
  let boards = 0;
  const judge = () => {
    const a = value(mine);
    const b = value(theirs);
    score += a > b ? 1 : a === b ? 0.5 : 0;
    boards++;
  };
  if (combinations(deck.length, need) <= EQUITY_BOARDS) {
    const pick = (from: number, depth: number) => {
      if (depth === need) return judge();
      for (let i = from; i <= deck.length - (need - depth); i++) {
        full[board.length + depth] = deck[i];
        pick(i + 1, depth + 1);
      }
    };
    pick(0, 0);
  } else {
    // Not cards for play: a fixed sample of the boards, the same every time for the same hand.
    const random = seededRandom([...mine, ...theirs, ...board].reduce((seed, c) => seed * 53 + c + 1, 7));
    for (let n = 0; n < EQUITY_BOARDS; n++) {
      for (let j = 0; j < need; j++) {
        const k = j + Math.floor(random() * (deck.length - j));
        [deck[j], deck[k]] = [deck[k], deck[j]];
        full[board.length + j] = deck[j];
      }
      judge();
    }
  }
  return boards === 0 ? 0.5 : score / boards;
}

function combinations(n: number, k: number): number {
  let result = 1;
  for (let i = 0; i < k; i++) result = (result * (n - i)) / (i + 1);
  return Math.round(result);
}

function sharedAddresses(
  userIds: readonly number[],
  addresses: ReadonlyMap<number, string>,
): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  const sorted = [...userIds].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const a = addresses.get(sorted[i]);
      if (a && a === addresses.get(sorted[j])) pairs.push([sorted[i], sorted[j]]);
    }
  }
  return pairs;
}
