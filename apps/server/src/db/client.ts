import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The database or an open transaction: both run queries the same way. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL's connection pool right now (metrics); absent on PGlite (one connection). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** One SQL migrations folder for both drivers, found from this file's location (src/ or dist/). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** How long a new PostgreSQL connection may take before the request waiting for it fails (503). */
const CONNECT_TIMEOUT_MS = 5_000;

export interface OpenDatabaseOptions {
  /** postgres://… to use PostgreSQL; unset for embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; unset keeps the database in memory (tests). */
  pgliteDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** A dumped, already migrated PGlite data directory to start from (fast test databases). */
  pgliteTemplate?: Blob;
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      // A database that does not answer (a cut line, not a refusal) fails a request in seconds, not minutes.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // An idle client losing its connection must not crash the process; nor a client checked out between
    // two queries of a transaction (the pool listens only while a client is idle): its next query fails.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    releaseClientsOfFailedBegin(pool);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const client = options.pgliteTemplate
    ? new PGlite({ loadDataDir: options.pgliteTemplate })
    : options.pgliteDir
      ? new PGlite(options.pgliteDir)
      : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Database, driver: 'pglite', close: () => client.close() };
}

const guarded = Symbol('releases its client when BEGIN fails');

/**
 * drizzle-orm's node-postgres `transaction` sends BEGIN before its try/finally, so a BEGIN that fails
 * (the connection dropped in an outage) never gives its client back: the pool shrinks by one for good
 * and, after enough blips, every query waits forever. Such a client is released here, as broken.
 */
function releaseClientsOfFailedBegin(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { connect: unknown }).connect = (...args: unknown[]) => {
    // pool.query() checks out with a callback and releases itself; drizzle awaits connect().
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const marked = client as pg.PoolClient & { [guarded]?: true };
      if (marked[guarded]) return client;
      marked[guarded] = true;
      const query = client.query.bind(client) as (...a: unknown[]) => unknown;
      (client as { query: unknown }).query = (...a: unknown[]) => {
        const result = query(...a);
        const text = typeof a[0] === 'string' ? a[0] : (a[0] as { text?: unknown } | undefined)?.text;
        if (result instanceof Promise && typeof text === 'string' && /^\s*begin\b/i.test(text))
          result.catch((error: Error) => client.release(error));
        return result;
      };
      return client;
    });
  };
}

/** Rows of a raw `db.execute(sql…)`, the same for both drivers. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export { sql };
