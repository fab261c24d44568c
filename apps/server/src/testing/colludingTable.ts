// A table of scripted players for the security desk's tests: honest players who decide by their own
// cards' equity against the pot odds (the site's bot policy), and a colluding pair who see each other's
// cards and never bet or raise into each other, and dump chips: in one of every two hands where the dumper
// holds the worse cards, the receiver raises before the flop and, if the dumper is far behind on the flop,
// bets the pot on every street while the dumper calls it down (or folds the better hand on the river).
// Hands are dealt from seeded decks and played through the engine, so the records are the engine's own.
import {
  applyAction,
  createHand,
  handRecord,
  legalActions,
  type HandRecord,
  type HandState,
  type LegalActions,
  type PlayerAction,
} from '@tenger/engine';
import { estimateEquity, seededRandom } from '../tables/runtime/simulation/botPlayer.js';
import { headsUpEquity, type Decision, type ObservedHand } from '../security/handSignals.js';

export type Role = 'honest' | 'dumper' | 'receiver';
type Part = 'dump' | 'take' | 'none';

export interface ScriptedPlayer {
  userId: number;
  role: Role;
  /** How long this player takes to decide, in ms (given a random source). */
  thinkMs?: (random: () => number) => number;
}

export interface SessionOptions {
  tableId: number;
  players: ScriptedPlayer[];
  hands: number;
  seed: number;
  bigBlind?: number;
  /** Buy-in and rebuy, in big blinds. */
  stackBigBlinds?: number;
  startAt: Date;
  /** Time from one hand's start to the next. */
  handEveryMs?: number;
  /** userId -> the address they sat down from. */
  addresses?: ReadonlyMap<number, string>;
  firstHandNumber?: number;
}

/** Human-like thinking: 0.8 to about 9 seconds, skewed short. */
export const humanThinking = (random: () => number) => Math.round(800 + 8000 * random() * random());

/** Plays `hands` hands at one table; returns them as the detectors read stored hands. */
export function playSession(options: SessionOptions): ObservedHand[] {
  const random = seededRandom(options.seed);
  const bigBlind = options.bigBlind ?? 100;
  const buyIn = (options.stackBigBlinds ?? 100) * bigBlind;
  const stacks = options.players.map(() => buyIn);
  const every = options.handEveryMs ?? 60_000;
  const hands: ObservedHand[] = [];
  for (let n = 0; n < options.hands; n++) {
    for (let i = 0; i < stacks.length; i++) if (stacks[i] < buyIn * 0.3) stacks[i] = buyIn;
    const startedAt = new Date(options.startAt.getTime() + n * every);
    const created = createHand({
      variant: 'holdem-nl',
      seats: options.players.map((p, seat) => ({ seat, playerId: String(p.userId), stack: stacks[seat] })),
      button: n % options.players.length,
      smallBlind: bigBlind / 2,
      bigBlind,
      rake: { percent: 5, cap: 3 * bigBlind },
      deck: seededDeck(random),
      handNumber: (options.firstHandNumber ?? 1) + n,
      tableId: String(options.tableId),
    });
    if ('error' in created) throw new Error(created.error.message);
    let state = created.state;
    const decisions: Decision[] = [];
    const plan = new Map<number, Part>();
    while (state.phase !== 'complete') {
      const legal = legalActions(state);
      if (!legal) throw new Error('the hand waits for nobody');
      const player = options.players[legal.seat];
      const action = decide(state, legal, options.players, plan, random, bigBlind);
      const result = applyAction(state, action);
      if ('error' in result) throw new Error(`${JSON.stringify(action)}: ${result.error.message}`);
      state = result.state;
      decisions.push({ seat: legal.seat, ms: (player.thinkMs ?? humanThinking)(random) });
    }
    const record: HandRecord = handRecord(state)!;
    for (const s of record.seats) stacks[s.seat] = s.finalStack;
    hands.push({
      handId: `t${options.tableId}-h${record.handNumber}`,
      tableId: options.tableId,
      startedAt,
      endedAt: new Date(startedAt.getTime() + every / 2),
      record,
      owners: new Map(options.players.map((p, seat) => [seat, p.userId])),
      decisions,
      addresses: options.addresses ?? new Map(),
    });
  }
  return hands;
}

function seededDeck(random: () => number): number[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

function decide(
  state: HandState,
  legal: LegalActions,
  players: readonly ScriptedPlayer[],
  plan: Map<number, Part>,
  random: () => number,
  bigBlind: number,
): PlayerAction {
  const seat = legal.seat;
  const role = players[seat].role;
  const can = (type: PlayerAction['type']) => legal.actions.find((a) => a.type === type);
  const live = state.seats.filter((s) => s.inHand && !s.folded && s.seat !== seat);
  const partner = role === 'honest' ? undefined : live.find((s) => players[s.seat].role !== 'honest');
  const passive = (): PlayerAction =>
    legal.toCall === 0 ? { seat, type: 'check' } : { seat, type: can('call') ? 'call' : 'allin' };
  const pairIn = players.some(
    (p, i) => i !== seat && p.role !== 'honest' && state.seats[i].inHand && !state.seats[i].folded,
  );
  if (role !== 'honest' && pairIn && !plan.has(seat)) planDump(state, players, plan);
  if (state.board.length >= 3) abandonUnlessFarBehind(state, plan);
  const part = plan.get(seat);
  if (part === 'take') {
    // The receiver raises the dumper out of position and bets the pot on every street.
    const raise = can('raise') ?? can('bet');
    const pot = state.seats.reduce((sum, s) => sum + s.committed, 0);
    const target =
      state.board.length === 0 ? Math.max(4 * bigBlind, 3 * state.currentBet) : state.currentBet + pot;
    if (raise && (state.board.length > 0 ? legal.toCall === 0 : state.currentBet <= bigBlind))
      return { seat, type: raise.type, amount: Math.min(raise.max, Math.max(raise.min, target)) };
    return passive();
  }
  if (part === 'dump') {
    // Far behind on the flop: call it down; drawn ahead by the river, fold the better hand to the bet.
    const dumper = state.seats[seat];
    const receiver = state.seats.find((s) => plan.get(s.seat) === 'take')!;
    if (state.board.length === 5 && legal.toCall > 0) {
      const ahead = headsUpEquity(dumper.holeCards, receiver.holeCards, state.board, [], false) >= 0.6;
      if (ahead) return { seat, type: 'fold' };
    }
    return passive();
  }
  if (partner) {
    // Soft play: never bet or raise while the partner is in; stay in cheaply to see cards together.
    const honest = honestDecision(state, legal, random);
    if (honest.type === 'bet' || honest.type === 'raise' || honest.type === 'allin') return passive();
    if (honest.type === 'fold' && legal.toCall <= 2 * bigBlind) return passive();
    return honest;
  }
  return honestDecision(state, legal, random);
}

/** The site's bot policy (botPlayer.decideAction) on the engine's state: equity against pot odds. */
function honestDecision(state: HandState, legal: LegalActions, random: () => number): PlayerAction {
  const seat = legal.seat;
  const me = state.seats[seat];
  const can = (type: PlayerAction['type']) => legal.actions.find((a) => a.type === type);
  const opponents = state.seats.filter((s) => s.inHand && !s.folded && s.seat !== seat).length;
  const equity = estimateEquity(me.holeCards, state.board, opponents, random);
  const pot = state.seats.reduce((sum, s) => sum + s.committed, 0);
  const toCall = legal.toCall;
  const potOdds = toCall / (pot + toCall || 1);
  const mood = random();
  const aggressive = can('raise') ?? can('bet');
  const strong = equity > 0.55 + 0.15 / Math.max(1, opponents) - mood * 0.15;
  if (aggressive && strong && mood < 0.7) {
    const target = Math.round(state.currentBet + toCall + pot * (0.5 + random() * 0.75));
    const amount = Math.min(aggressive.max, Math.max(aggressive.min, target));
    if (amount >= me.stack + me.bet && can('allin')) return { seat, type: 'allin' };
    return { seat, type: aggressive.type, amount };
  }
  if (toCall === 0) return { seat, type: 'check' };
  const callable = can('call') ?? can('allin');
  if (callable && (equity >= potOdds - 0.03 || mood < 0.08)) return { seat, type: callable.type };
  return { seat, type: 'fold' };
}

/**
 * Before the flop, the pair (who share their cards) picks a hand to dump in: one of every two hands
 * where the dumper holds the worse cards. (Key -1 marks that the flop check was made.)
 */
function planDump(state: HandState, players: readonly ScriptedPlayer[], plan: Map<number, Part>): void {
  if (state.board.length > 0) return;
  const dumper = state.seats.find((s) => players[s.seat].role === 'dumper' && s.inHand && !s.folded);
  const receiver = state.seats.find((s) => players[s.seat].role === 'receiver' && s.inHand && !s.folded);
  if (!dumper || !receiver) return;
  const equity = headsUpEquity(dumper.holeCards, receiver.holeCards, [], [], false);
  if (equity < 0.45 && (dumper.holeCards[0] + receiver.holeCards[0]) % 2 === 0) {
    plan.set(dumper.seat, 'dump');
    plan.set(receiver.seat, 'take');
  } else {
    plan.set(dumper.seat, 'none');
    plan.set(receiver.seat, 'none');
  }
}

/** On the flop the dump goes on only when the dumper is far behind; else the pair just soft-plays. */
function abandonUnlessFarBehind(state: HandState, plan: Map<number, Part>): void {
  const dumper = state.seats.find((s) => plan.get(s.seat) === 'dump');
  const receiver = state.seats.find((s) => plan.get(s.seat) === 'take');
  if (!dumper || !receiver || state.board.length !== 3 || plan.get(-1) === 'none') return;
  plan.set(-1, 'none');
  const dead = state.seats.filter((s) => s !== dumper && s !== receiver).flatMap((s) => s.holeCards);
  if (headsUpEquity(dumper.holeCards, receiver.holeCards, state.board, dead, false) > 0.25) {
    plan.set(dumper.seat, 'none');
    plan.set(receiver.seat, 'none');
  }
}
