// Test helpers for live tables: a viewer that records every frame, fast timings, and a table.
import type {
  HandView,
  TableClientMessage,
  TableServerMessage,
  TableSnapshotMessage,
} from '@tenger/protocol';
import type { TableRow, TableCatalogue } from '../tables/tableCatalogue.js';
import type { RuntimeTiming } from '../tables/runtime/timing.js';
import type { TableRuntime, TableViewer } from '../tables/runtime/tableRuntime.js';

/** Fast clocks for tests: nothing waits long. */
export const FAST_TIMING: Partial<RuntimeTiming> = {
  actionTimeMs: 2_000,
  timeBankMaxMs: 0,
  nextHandDelayMs: 5,
  sitOutLimitMs: 60_000,
  showWindowMs: 0,
  runoutPauseMs: 0,
  // Scripted players and bots never add chips after a bust: their seats free at once, as the long
  // simulations expect (the 60 s offer has its own tests on the fake clock: bustOffer.test.ts).
  bustOfferMs: 0,
};

/** A viewer that keeps every frame it was sent. */
export class Recorder implements TableViewer {
  readonly frames: TableServerMessage[] = [];
  private waiters: Array<{
    test: (f: TableServerMessage) => boolean;
    resolve: (f: TableServerMessage) => void;
  }> = [];

  constructor(
    public userId: number | null,
    /** Keep every frame (as a client would parse it); long simulations turn this off. */
    private readonly keepFrames = true,
  ) {}

  send(message: TableServerMessage): void {
    if (!this.keepFrames) return;
    const frame = JSON.parse(JSON.stringify(message)) as TableServerMessage;
    this.frames.push(frame);
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(frame)) return true;
      w.resolve(frame);
      return false;
    });
  }

  /** The next frame (from now on, or already received when `past`) that passes `test`. */
  waitFor(
    test: (f: TableServerMessage) => boolean,
    timeoutMs = 5_000,
    past = false,
  ): Promise<TableServerMessage> {
    if (past) {
      const seen = this.frames.find(test);
      if (seen) return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a frame')), timeoutMs);
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  events(): Extract<TableServerMessage, { type: 'EVENT' }>['event'][] {
    return this.frames.flatMap((f) => (f.type === 'EVENT' ? [f.event] : []));
  }
}

export function snapshotOf(runtime: TableRuntime, viewer: TableViewer): TableSnapshotMessage {
  const frame = runtime.snapshotFor(viewer);
  if (frame.type !== 'SNAPSHOT') throw new Error('expected a snapshot');
  return frame;
}

/** The hand view for the viewer, waiting until it is `viewer`'s turn in a running hand. */
export async function waitForTurn(
  runtime: TableRuntime,
  viewer: TableViewer,
  timeoutMs = 5_000,
): Promise<HandView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { hand, viewer: me } = snapshotOf(runtime, viewer);
    if (hand && hand.phase !== 'complete' && hand.toAct !== null && hand.toAct === me.seat && hand.legal)
      return hand;
    if (Date.now() > until) throw new Error('timed out waiting for a turn');
    await new Promise((r) => setTimeout(r, 5));
  }
}

export function action(
  hand: HandView,
  type: Extract<TableClientMessage, { type: 'ACTION' }>['action'],
  amount?: number,
) {
  return {
    type: 'ACTION' as const,
    action: type,
    handNumber: hand.handNumber,
    stateId: hand.actionCount,
    ...(amount !== undefined ? { amount } : {}),
  };
}

/** The stakes and seats of a test table (Hold'em no-limit, 50/100, 6 seats). */
export const TEST_TABLE = {
  variant: 'holdem',
  betting: 'no-limit',
  smallBlind: 50,
  bigBlind: 100,
  minBuyIn: 2_000,
  maxBuyIn: 10_000,
  maxPlayers: 6,
} as const;

export async function createTestTable(
  t: { services: { tables: Pick<TableCatalogue, 'create'> } },
  overrides: Partial<TableRow> = {},
): Promise<TableRow> {
  return t.services.tables.create({
    name: `Test ${Math.random().toString(36).slice(2, 7)}`,
    ...TEST_TABLE,
    ...overrides,
  } as Parameters<TableCatalogue['create']>[0]);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A scripted person: a recorder that answers its turns at once with a seeded random choice among
 * its legal actions (fold rarely, check/call mostly, sometimes a min-raise or all-in, sometimes a
 * recharge), through the same commands a socket sends.
 */
export class ScriptedPlayer extends Recorder {
  seat: number | null = null;
  runtime: TableRuntime | null = null;

  constructor(
    userId: number,
    private readonly random: () => number,
    keepFrames = true,
  ) {
    super(userId, keepFrames);
  }

  attach(runtime: TableRuntime): void {
    this.runtime = runtime;
    this.seat = null;
    runtime.join(this);
  }

  override send(message: TableServerMessage): void {
    super.send(message);
    const frame = message;
    if (frame.type === 'SNAPSHOT') this.seat = frame.viewer.seat;
    if (frame.type !== 'EVENT') return;
    const event = frame.event;
    if (event.type === 'seat-taken' && event.seat.userId === this.userId) this.seat = event.seat.seat;
    if (event.type === 'seat-left' && event.userId === this.userId) this.seat = null;
    if (event.type === 'next-to-act' && event.seat === this.seat) setImmediate(() => this.play());
  }

  private play(): void {
    const runtime = this.runtime;
    if (!runtime || this.seat === null) return;
    const snapshot = runtime.snapshotFor(this);
    if (snapshot.type !== 'SNAPSHOT' || !snapshot.hand?.legal || snapshot.hand.toAct !== this.seat) return;
    const hand = snapshot.hand;
    const legal = hand.legal!;
    const r = this.random();
    const find = (t: string) => legal.actions.find((a) => a.type === t);
    let message;
    if (r < 0.03) {
      const seat = snapshot.table.seats.find((s) => s.userId === this.userId);
      if (seat) void runtime.handle(this, { type: 'RECHARGE', amount: snapshot.table.bigBlind * 10 });
    }
    if (r < 0.1 && find('fold')) message = action(hand, 'fold');
    else if (r < 0.2 && (find('raise') ?? find('bet'))) {
      const raise = (find('raise') ?? find('bet'))!;
      message = action(hand, raise.type, raise.min);
    } else if (r < 0.23 && find('allin')) message = action(hand, 'allin');
    else message = action(hand, find('check') ? 'check' : 'call');
    void runtime.handle(this, message);
  }
}
