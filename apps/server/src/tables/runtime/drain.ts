// Graceful shutdown of one table (issue 10 part 3). A draining table deals no new hand and seats
// nobody; the running hand plays on to its settlement. Past the drain limit the running hand is void,
// exactly as after a crash: nothing of it was ever paid, so every seat account still holds the stack
// the hand began with. Then the table is drained: its seats are saved and it takes no more commands.
import type { DrainResult } from '../tableLayer.js';
import { dealtHand } from './dealer.js';
import type { TableState } from './tableState.js';

export type { DrainResult };
type DrainOutcome = DrainResult['outcome'];

/** The reason recorded in voided_hands for a hand the drain limit cut short. */
export const VOIDED_AT_SHUTDOWN = 'shutdown';

const DRAIN_LIMIT = 'drain-limit';

/**
 * Drains the table: resolves once no hand runs (settled, or voided after `limitMs`) and the seats are
 * saved. Calling it again returns the same drain.
 */
export function drainTable(t: TableState, limitMs: number): Promise<DrainResult> {
  const running = drains.get(t);
  if (running) return running;
  const drain = runDrain(t, limitMs);
  drains.set(t, drain);
  return drain;
}

const drains = new WeakMap<TableState, Promise<DrainResult>>();

async function runDrain(t: TableState, limitMs: number): Promise<DrainResult> {
  let outcome: DrainOutcome = 'idle';
  let handNumber: number | null = null;
  await new Promise<void>((resolve, reject) => {
    t.enqueue(() => {
      t.draining = true;
      const hand = t.hand;
      if (!hand) return resolve();
      handNumber = hand.state.config.handNumber;
      outcome = 'settled';
      t.whenNoHand(resolve);
      t.room.after(DRAIN_LIMIT, limitMs, () =>
        t.queued(async () => {
          if (t.hand !== hand) return;
          outcome = 'voided';
          await voidRunningHand(t);
        }, 'could not void a hand at shutdown'),
      );
    }).catch(reject);
  });
  await t.enqueue(() => {
    t.drained = true;
    t.actionClock.stop();
    t.room.clear();
  });
  await t.saveSeats();
  return { tableId: t.tableId, outcome, handNumber };
}

/**
 * The running hand ends without settling: viewers are told, it is recorded as voided under its own
 * number (never dealt again) and every stack stays what it was when the hand began (the seat
 * accounts never moved). A recharge waiting on the hand is already in its seat account.
 */
async function voidRunningHand(t: TableState): Promise<void> {
  const hand = t.hand;
  if (!hand) return;
  t.actionClock.stop();
  const dealt = dealtHand(hand);
  t.hand = null;
  t.shownHand = null;
  t.emit({ type: 'hand-voided', handId: dealt.handId, handNumber: dealt.handNumber });
  await t.deps.store
    .handVoided(t.tableId, dealt, VOIDED_AT_SHUTDOWN)
    .catch((err: unknown) =>
      t.deps.logger.error({ err, tableId: t.tableId }, 'could not record a voided hand'),
    );
  t.deps.logger.warn(
    { tableId: t.tableId, handNumber: dealt.handNumber },
    'the drain limit passed: the running hand is void',
  );
}
