// /healthz and /readyz for the load balancer and the process manager. Alive: the process answers.
// Ready: it can serve players now — the database answers, its schema is at the newest migration,
// Redis answers (when the site has one), and the process is not draining for a shutdown.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Readiness, ReadinessCheck } from '@tenger/protocol';
import { MIGRATIONS_FOLDER, queryRows, type Database } from '../db/client.js';

/** A check that has not answered within this is failed (a load balancer probes every few seconds). */
export const READINESS_CHECK_TIMEOUT_MS = 1_000;

type CheckResult = ReadinessCheck;

export interface ReadinessReport {
  ready: boolean;
  checks: Readiness['checks'];
}

export class ReadinessProbe {
  private draining = false;
  private readonly newestMigration: number;

  constructor(
    private readonly db: Database,
    private readonly redis: Redis | null,
    migrationsFolder = MIGRATIONS_FOLDER,
  ) {
    this.newestMigration = newestMigrationOf(migrationsFolder);
  }

  /** SIGTERM: from now on the process answers 503 on /readyz, so the load balancer sends no one new. */
  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async check(): Promise<ReadinessReport> {
    const [database, migrations, redis] = await Promise.all([
      this.probe(async () => {
        await this.db.execute(sql`SELECT 1`);
        return 'ok';
      }),
      this.probe(async () => ((await this.appliedMigration()) >= this.newestMigration ? 'ok' : 'behind')),
      this.redis
        ? this.probe(async () => ((await this.redis!.ping()) === 'PONG' ? 'ok' : 'unreachable'))
        : Promise.resolve(undefined),
    ]);
    const draining: CheckResult = this.draining ? 'draining' : 'ok';
    const checks = { database, migrations, ...(redis ? { redis } : {}), draining };
    return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
  }

  /** The newest migration the database has applied (drizzle's journal time), 0 if none. */
  private async appliedMigration(): Promise<number> {
    const [row] = await queryRows<{ newest: string | number | null }>(
      this.db,
      sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`,
    );
    return Number(row?.newest ?? 0);
  }

  private async probe(check: () => Promise<CheckResult>): Promise<CheckResult> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<CheckResult>((resolve) => {
      timer = setTimeout(() => resolve('unreachable'), READINESS_CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([check().catch((): CheckResult => 'unreachable'), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The `when` of the last entry of drizzle's journal: what a database at head has applied last. */
function newestMigrationOf(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}
