import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '../db/client.js';

/**
 * A fresh, empty, migrated database for one test file or app: in-memory PGlite (started from a
 * migrated template dump, which takes under a second instead of several), or — when a PostgreSQL URL
 * is given — a uniquely named database created from that connection and dropped again on close
 * (other suites share the server).
 */
export async function openTestDatabase(
  testDatabaseUrl = process.env.TEST_DATABASE_URL,
): Promise<DatabaseHandle & { databaseUrl?: string }> {
  if (!testDatabaseUrl) {
    const template = await ensurePgliteTemplate();
    return openDatabase({ pgliteTemplate: new Blob([readFileSync(template)]) });
  }
  const name = `tenger_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(testDatabaseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 30 });
  return {
    ...handle,
    databaseUrl: url.toString(),
    close: async () => {
      await handle.close();
      await adminQuery(testDatabaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Which databases the suite runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const TEST_DRIVERS: Array<{ name: string; url: string | undefined }> = [
  { name: 'PGlite', url: undefined },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL }] : []),
];

/** Path of a migrated PGlite dump for the current migrations, created once per migrations version. */
export async function ensurePgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  const target = path.join(tmpdir(), `tenger-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(target)) return target;
  const handle = await openDatabase({});
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
  renameSync(temporary, target);
  return target;
}

/** Runs one statement on the server of `connectionString` (CREATE or DROP DATABASE). */
export async function adminQuery(connectionString: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
