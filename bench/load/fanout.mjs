// The pure parts of the load benchmark: matching an action to the event it caused at every seat of a
// table (fan-out latency), percentiles, and the simulated player's choice among the legal actions.
// No I/O here, so it can be tested on its own (fanout.test.mjs).

/** A received event for which not every seat reported within this long is counted as incomplete. */
export const RECEIPT_TIMEOUT_MS = 30_000;

/**
 * One table's view from the benchmark: every seat connection of the table reports each EVENT it
 * receives; an ACTION sent by a seat is matched to the first `action` event for that seat that
 * arrives after it was sent, and the sample is taken when the last connected seat received that seq.
 */
export class FanoutTracker {
  /**
   * @param {(latencyMs: number, sentAt: number, spreadMs: number) => void} onSample latency: sent until the
   *   last seat received; spread: first seat received until the last did.
   */
  constructor(onSample) {
    this.onSample = onSample;
    /** Seat connections currently open (each must receive an event before it counts as fanned out). */
    this.connected = 0;
    /** seat -> time (performance.now()) its ACTION was sent, until the resulting event is seen. */
    this.pending = new Map();
    /** seq -> { received, lastAt, sentAt, firstAt } */
    this.receipts = new Map();
    this.incomplete = 0;
  }

  /** A seat connection sent an ACTION at `sentAt`. */
  actionSent(seat, sentAt) {
    this.pending.set(seat, sentAt);
  }

  /** The action was refused (REJECT): no event will follow. */
  actionRefused(seat) {
    this.pending.delete(seat);
  }

  /**
   * A seat connection received EVENT `seq` at `at`. `expected` is how many seat connections must
   * receive it (defaults to the connections open now).
   */
  eventReceived(seq, event, at, expected = this.connected) {
    let receipt = this.receipts.get(seq);
    if (!receipt) {
      receipt = { received: 0, lastAt: at, firstAt: at, sentAt: undefined, expected };
      this.receipts.set(seq, receipt);
    }
    receipt.received += 1;
    if (at > receipt.lastAt) receipt.lastAt = at;
    if (receipt.sentAt === undefined && event.type === 'action' && this.pending.has(event.seat)) {
      receipt.sentAt = this.pending.get(event.seat);
      this.pending.delete(event.seat);
    }
    if (receipt.received >= receipt.expected) {
      this.receipts.delete(seq);
      if (receipt.sentAt !== undefined) {
        this.onSample(receipt.lastAt - receipt.sentAt, receipt.sentAt, receipt.lastAt - receipt.firstAt);
      }
    }
  }

  /** Forgets receipts and pending actions older than RECEIPT_TIMEOUT_MS (a seat disconnected, a timeout). */
  prune(now) {
    for (const [seq, receipt] of this.receipts) {
      if (now - receipt.firstAt > RECEIPT_TIMEOUT_MS) {
        if (receipt.sentAt !== undefined) this.incomplete += 1;
        this.receipts.delete(seq);
      }
    }
    for (const [seat, sentAt] of this.pending) {
      if (now - sentAt > RECEIPT_TIMEOUT_MS) this.pending.delete(seat);
    }
  }
}

/** The p-th percentile (0..100) of `sorted` (ascending), nearest-rank; NaN when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** How often a simulated player picks each kind of action when it is legal (relative weights). */
export const ACTION_WEIGHTS = { check: 50, call: 40, fold: 15, bet: 15, raise: 5, allin: 1 };
/** Facing a bet of more than this share of the stack, people mostly fold (else one shove busts the table). */
export const HEAVY_BET_SHARE = 0.25;
const HEAVY_BET_WEIGHTS = { ...ACTION_WEIGHTS, call: 5, fold: 60, raise: 0, allin: 0 };

/**
 * A random legal action from the server's `legal` ({ toCall, actions: [{type, min, max}] }), shaped like
 * the ACTION message's fields. Bets and raises stay near the minimum so stacks last many hands.
 * @param {{ toCall: number, actions: { type: string, min: number, max: number }[] }} legal
 * @param {() => number} random in [0, 1)
 */
export function chooseAction(legal, random = Math.random) {
  // Everything the player can put in this street: the all-in total, or a call that is all-in.
  const stack =
    (legal.actions.find((a) => a.type === 'allin') ?? legal.actions.find((a) => a.type === 'call'))?.max ?? 0;
  const weights = legal.toCall > stack * HEAVY_BET_SHARE ? HEAVY_BET_WEIGHTS : ACTION_WEIGHTS;
  const choices = legal.actions.filter((a) => (weights[a.type] ?? 0) > 0);
  if (choices.length === 0) return null;
  const total = choices.reduce((sum, a) => sum + weights[a.type], 0);
  let roll = random() * total;
  let chosen = choices[choices.length - 1];
  for (const choice of choices) {
    roll -= weights[choice.type];
    if (roll < 0) {
      chosen = choice;
      break;
    }
  }
  if (chosen.type === 'bet' || chosen.type === 'raise') {
    const ceiling = Math.min(chosen.max, Math.floor(chosen.min * 1.5));
    const amount = chosen.min + Math.floor(random() * random() * (ceiling - chosen.min + 1));
    return { action: chosen.type, amount: Math.min(Math.max(amount, chosen.min), chosen.max) };
  }
  return { action: chosen.type };
}

/** A decision delay in [minMs, maxMs]: people take one to three seconds. */
export function thinkingTime(random = Math.random, minMs = 1000, maxMs = 3000) {
  return minMs + Math.floor(random() * (maxMs - minMs + 1));
}
