// Bots: ordinary players driven by a policy in the server. A bot is a table viewer like any socket:
// it receives frames through the same per-viewer door (so it only ever knows its own hole cards)
// and acts through the same command path as people, after a human-like pause.
import { evaluateHoldem, evaluateOmaha, parseCard, type Card } from '@tenger/engine';
import type { ActionType, HandView, TableClientMessage, TableServerMessage } from '@tenger/protocol';
import type { TableRuntime, TableViewer } from '../tableRuntime.js';

export interface BotDecision {
  action: ActionType;
  amount?: number;
}

/** A small, fast, seedable source of decisions (not of cards: cards come only from node:crypto). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EQUITY_SAMPLES = 80;

/**
 * The chance the bot's hand wins at showdown against the live opponents, by sampling the unseen
 * cards: only the bot's own cards and the board are known to it.
 */
export function estimateEquity(
  hole: readonly Card[],
  board: readonly Card[],
  opponents: number,
  random: () => number,
): number {
  if (opponents <= 0) return 1;
  const omaha = hole.length === 4;
  const known = new Set<number>([...hole, ...board]);
  const unseen: number[] = [];
  for (let c = 0; c < 52; c++) if (!known.has(c)) unseen.push(c);
  const holeSize = hole.length;
  const need = 5 - board.length + opponents * holeSize;
  let score = 0;
  for (let i = 0; i < EQUITY_SAMPLES; i++) {
    // A partial Fisher-Yates over `unseen` draws `need` cards.
    for (let j = 0; j < need; j++) {
      const k = j + Math.floor(random() * (unseen.length - j));
      [unseen[j], unseen[k]] = [unseen[k], unseen[j]];
    }
    const fullBoard = [...board, ...unseen.slice(0, 5 - board.length)];
    const mine = omaha ? evaluateOmaha(hole, fullBoard) : evaluateHoldem([...hole, ...fullBoard]);
    let best = 0;
    let ties = 0;
    for (let o = 0; o < opponents; o++) {
      const start = 5 - board.length + o * holeSize;
      const theirs = unseen.slice(start, start + holeSize);
      const value = omaha ? evaluateOmaha(theirs, fullBoard) : evaluateHoldem([...theirs, ...fullBoard]);
      if (value > best) {
        best = value;
        ties = 0;
      }
      if (value === best) ties++;
    }
    if (mine > best) score += 1;
    else if (mine === best) score += 1 / (ties + 1);
  }
  return score / EQUITY_SAMPLES;
}

/** Hand strength against pot odds, with some randomness so bots are not a lookup table. */
export function decideAction(view: HandView, seat: number, random: () => number): BotDecision {
  const legal = view.legal;
  if (!legal) return { action: 'check' };
  const me = view.seats.find((s) => s.seat === seat);
  const can = (type: ActionType) => legal.actions.find((a) => a.type === type);
  const fallback: BotDecision = can('check') ? { action: 'check' } : { action: 'fold' };
  if (!me?.cards) return fallback;
  const opponents = view.seats.filter((s) => s.seat !== seat && s.inHand && !s.folded).length;
  const equity = estimateEquity(me.cards.map(parseCard), view.board.map(parseCard), opponents, random);
  const toCall = legal.toCall;
  const potOdds = toCall / (view.potTotal + toCall || 1);
  const mood = random();
  const aggressive = can('raise') ?? can('bet');
  const strong = equity > 0.55 + 0.15 / Math.max(1, opponents) - mood * 0.15;
  if (aggressive && strong && mood < 0.7) {
    const sizing = view.potTotal * (0.5 + random() * 0.75);
    const target = Math.round(view.currentBet + toCall + sizing);
    const amount = Math.min(aggressive.max, Math.max(aggressive.min, target));
    if (amount >= me.stack + me.bet && can('allin')) return { action: 'allin' };
    return { action: aggressive.type, amount };
  }
  if (toCall === 0) return { action: 'check' };
  const callable = can('call') ?? can('allin');
  const bluffCatch = mood < 0.08;
  if (callable && (equity >= potOdds - 0.03 || bluffCatch)) return { action: callable.type };
  return fallback;
}

export interface BotOptions {
  /** Pause before each decision, in ms: [min, max]. Human-like by default, tiny in tests. */
  pauseMs: [number, number];
  random: () => number;
}

/** One bot at one table. */
export class BotPlayer implements TableViewer {
  private seat: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    readonly userId: number,
    readonly runtime: TableRuntime,
    private readonly options: BotOptions,
    /** The bot left its seat (`kicked` when an administrator stood it up) or stopped driving it. */
    private readonly onLeft: (bot: BotPlayer, kicked: boolean) => void,
  ) {}

  /** Takes `seat` with `amount` from the bot bankroll. */
  async sit(seat: number, amount: number): Promise<boolean> {
    this.runtime.join(this);
    const reply = await this.runtime.handle(this, { type: 'SIT', seat, amount });
    if (!reply.ok) this.detach();
    return reply.ok;
  }

  /** Drives a seat the bot already holds (after a restart). */
  resume(): void {
    this.runtime.join(this);
  }

  send(message: TableServerMessage): void {
    if (this.stopped) return;
    if (message.type === 'SNAPSHOT') {
      this.seat = message.viewer.seat;
      return;
    }
    if (message.type !== 'EVENT') return;
    const event = message.event;
    if (event.type === 'seat-taken' && event.seat.userId === this.userId) this.seat = event.seat.seat;
    else if (event.type === 'seat-left' && event.userId === this.userId)
      this.detach(event.reason === 'kicked');
    else if (event.type === 'next-to-act' && event.seat === this.seat) this.later(() => this.decide());
    else if (event.type === 'sat-out' && event.seat === this.seat)
      this.later(() => this.command({ type: 'SIT_IN' }));
  }

  detach(kicked = false): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.runtime.leave(this);
    this.onLeft(this, kicked);
  }

  private later(work: () => void): void {
    if (this.timer) clearTimeout(this.timer);
    const [min, max] = this.options.pauseMs;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (!this.stopped) work();
      },
      min + Math.floor(this.options.random() * Math.max(0, max - min)),
    );
  }

  private decide(): void {
    const frame = this.runtime.snapshotFor(this);
    if (frame.type !== 'SNAPSHOT' || !frame.hand || this.seat === null) return;
    const hand = frame.hand;
    if (hand.toAct !== this.seat || !hand.legal) return;
    const decision = decideAction(hand, this.seat, this.options.random);
    this.command({
      type: 'ACTION',
      action: decision.action,
      ...(decision.amount !== undefined ? { amount: decision.amount } : {}),
      handNumber: hand.handNumber,
      stateId: hand.actionCount,
    });
  }

  private command(message: TableClientMessage): void {
    void this.runtime.handle(this, message);
  }
}
