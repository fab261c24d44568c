import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (a whole server playing many hands, the card hunt, child processes
 * killed and restarted), longest first. They start first, so the two workers end together instead of
 * one running a long file alone at the end (a clean clone has no timings cached to sort by).
 */
const SLOW_FIRST = [
  'src/tables/channel/fairLeak.test.ts',
  'src/tables/runtime/simulation.test.ts',
  'src/tournaments/tournamentRun.db.test.ts',
  'src/cluster/tableFailover.test.ts',
  'src/tournaments/tournamentFailover.test.ts',
  'src/cluster/stalledOwner.test.ts',
  'src/tournaments/tournamentCrash.test.ts',
  'src/tables/runtime/gracefulShutdown.test.ts',
  'src/tables/runtime/durableSeats.test.ts',
  'test/clusterSite.test.ts',
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    globalSetup: ['./src/testing/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Two: the suite is 415 s of CPU (a 650 s run alone). Four workers beside the web and browser lanes made
    // the load average 20 on two cores and the timing promises (a push in 100 ms, a takeover within the lease)
    // failed: 18 minutes in all instead of 14.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirst },
  },
});
