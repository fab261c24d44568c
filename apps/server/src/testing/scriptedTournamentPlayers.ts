// Bot-like players for tournament tests: whoever is to act at a table does a seeded choice of all in,
// call or fold (check when free). No timers and no chance beyond the seed: a run can be repeated.
import type { TableRuntime } from '../tables/runtime/tableRuntime.js';
import { Recorder, snapshotOf } from './testTables.js';

/** How often a scripted player goes all in and calls (else folds, or checks when free). */
export interface Temper {
  allIn: number;
  call: number;
}

/** The player to act at `runtime`, if any, acts by the script: true when someone acted. */
export async function actOnce(runtime: TableRuntime, random: () => number, temper: Temper): Promise<boolean> {
  for (const seat of runtime.seatList()) {
    const viewer = new Recorder(seat.userId, false);
    const { hand, viewer: me } = snapshotOf(runtime, viewer);
    if (!hand || hand.toAct === null || hand.toAct !== me.seat || !hand.legal) continue;
    const legal = hand.legal.actions.map((a) => a.type);
    const r = random();
    const wanted = r < temper.allIn ? 'allin' : r < temper.allIn + temper.call ? 'call' : 'fold';
    const action = legal.includes(wanted) ? wanted : legal.includes('check') ? 'check' : 'fold';
    await runtime.handle(viewer, {
      type: 'ACTION',
      action,
      handNumber: hand.handNumber,
      stateId: hand.actionCount,
    });
    return true;
  }
  return false;
}
