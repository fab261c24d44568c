// Backups that restore (npm run backup / npm run restore; docs/operations.md, "Backups").
// PostgreSQL: pg_dump's custom format, a consistent snapshot taken while the site runs, and pg_restore into
// an empty database. PGlite: PGlite's own dump of its data folder (a gzipped tar), taken with the folder's
// lock (so with the server stopped: one process owns a PGlite folder), and loaded into an empty folder.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from '../db/dataDirLock.js';

const run = promisify(execFile);

/** The database to back up or restore into, as the server finds it: DATABASE_URL, else PGlite in DATA_DIR. */
export interface BackupTarget {
  databaseUrl?: string;
  dataDir: string;
}

export interface BackupReport {
  driver: 'postgres' | 'pglite';
  file: string;
  bytes: number;
  ms: number;
}

/** The file name a backup gets by default: the driver's format, the time in UTC. */
export function defaultBackupFile(target: BackupTarget, folder: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join(folder, `tenger-${stamp}.${target.databaseUrl ? 'dump' : 'pglite.tar.gz'}`);
}

export async function backup(target: BackupTarget, file: string): Promise<BackupReport> {
  const began = Date.now();
  mkdirSync(path.dirname(file), { recursive: true });
  if (target.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      target.databaseUrl,
    ]);
  } else {
    await withPglite(target.dataDir, async (folder) => {
      const client = new PGlite(folder);
      try {
        // A dump asked for before the database is up never answers.
        await client.waitReady;
        const dump = await client.dumpDataDir('gzip');
        writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      } finally {
        await client.close();
      }
    });
  }
  return report(target, file, began);
}

/**
 * Restores `file` into the target, which must be empty: a database without tables, or a DATA_DIR without
 * a PGlite folder. Never over a live site's data: restore into a new database, check it, then point the
 * site at it.
 */
export async function restore(target: BackupTarget, file: string): Promise<BackupReport> {
  const began = Date.now();
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  if (target.databaseUrl) {
    await refuseUnlessEmpty(target.databaseUrl);
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
  } else {
    await withPglite(target.dataDir, async (folder) => {
      if (existsSync(folder) && readdirSync(folder).length > 0)
        throw new Error(`${folder} is not empty: restore into a new DATA_DIR`);
      const client = new PGlite(folder, { loadDataDir: new Blob([readFileSync(file)]) });
      await client.waitReady;
      await client.close();
    });
  }
  return report(target, file, began);
}

async function withPglite(dataDir: string, work: (folder: string) => Promise<void>): Promise<void> {
  // Throws when a server holds the folder: PGlite is one process's database.
  const unlock = lockDataDir(dataDir);
  try {
    await work(path.join(dataDir, 'pglite'));
  } finally {
    unlock();
  }
}

async function refuseUnlessEmpty(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0].n) > 0)
      throw new Error('The target database has tables: restore into a new, empty database (createdb …)');
  } finally {
    await client.end();
  }
}

function report(target: BackupTarget, file: string, began: number): BackupReport {
  return {
    driver: target.databaseUrl ? 'postgres' : 'pglite',
    file,
    bytes: statSync(file).size,
    ms: Date.now() - began,
  };
}
