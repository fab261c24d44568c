// A tournament on a site of two server processes (one PostgreSQL database, one Redis): the process
// that created a Sit & Go of bots runs its director and its table under their leases. It is killed
// with SIGKILL in the middle of a hand: the other process takes the director and the table over within
// the lease time (TABLE_LEASE_TTL_MS=5000 here, claims every 2 s), resumes it from the snapshot (the
// hand in play void, seats and stacks kept), and the tournament finishes with places 1..9, prizes once
// each summing to the pool, and the books at zero.
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  adminToken,
  FrameSocket,
  killed,
  siteData,
  startChild,
  tableSocketUrl,
} from '../testing/childServer.js';
import {
  CHILD_TOURNAMENT_ENV,
  finishedAndPaid,
  placesAndPrizes,
  SNG_BOOKS,
  SNG_OUTCOME,
  startBotSitAndGo,
  tournamentDetail,
} from '../testing/childTournament.js';
import { finishedBooks } from '../testing/tournamentChecks.js';

const REDIS = process.env.TEST_REDIS_URL;
const POSTGRES = process.env.TEST_DATABASE_URL;
const LEASE_TTL_MS = 5_000;

describe.skipIf(!REDIS || !POSTGRES)('a tournament on two processes (PostgreSQL and Redis)', () => {
  it('the process running the director dies: the other takes the director and its table over within the lease time, and the tournament finishes with the books at zero', async () => {
    const data = await siteData(POSTGRES!, REDIS!, {
      leaseTtlMs: LEASE_TTL_MS,
      actionMs: Number(CHILD_TOURNAMENT_ENV.TEST_ACTION_MS),
    });
    const prefix = data.env.REDIS_PREFIX;
    const env = { ...data.env, ...CHILD_TOURNAMENT_ENV };
    const redis = new Redis(REDIS!);
    const directorOwner = (id: number) => redis.get(`${prefix}lease:table:${-id}`);
    let tournamentId = 0;
    try {
      const first = await startChild({ ...env, NODE_ID: 'node-1' });
      const second = await startChild({ ...env, NODE_ID: 'node-2' });
      try {
        const admin = await adminToken(first);
        const id = await startBotSitAndGo(first, admin, 'Failover SNG');
        // The process that created the tournament runs its director.
        tournamentId = id;
        expect(await directorOwner(id)).toBe('node-1');
        const running = await tournamentDetail(second, id);
        expect(running.status).toBe('running');
        const [table] = running.tables;
        expect(await redis.get(`${prefix}lease:table:${table!.tableId}`)).toBe('node-1');

        // A spectator through the other process (the relay) sees hands dealt; the owner dies mid-hand.
        const watcher = await FrameSocket.open(tableSocketUrl(second, table!.tableId));
        await watcher.next((f) => f.event?.type === 'hand-started' && (f.event.handNumber ?? 0) >= 3, {
          timeoutMs: 60_000,
        });
        await killed(first, 'SIGKILL');
        const diedAt = Date.now();

        // node-2 takes the director over once the lease lapses, and the table with it.
        while ((await directorOwner(id)) !== 'node-2') {
          if (Date.now() - diedAt > 3 * LEASE_TTL_MS) throw new Error('nobody took the director over');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const takenAfter = Date.now() - diedAt;
        expect(takenAfter).toBeLessThanOrEqual(LEASE_TTL_MS + 2_000 + 1_500);
        const resumed = await tournamentDetail(second, id);
        expect(['running', 'finished']).toContain(resumed.status);
        watcher.socket.terminate();

        // Stopped only once the prizes are paid (the director saves `finished` before it pays).
        const done = await finishedAndPaid(second, await adminToken(second), id);
        expect(placesAndPrizes(done)).toEqual(SNG_OUTCOME);
      } finally {
        await killed(second, 'SIGTERM');
      }

      await data.withDatabase(async (db) => {
        expect(await finishedBooks(db, tournamentId)).toEqual(SNG_BOOKS);
      });
    } finally {
      redis.disconnect();
      await data.remove();
    }
  }, 300_000);
});
