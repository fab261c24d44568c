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
  const template = await ensurePostgresTemplate(testDatabaseUrl);
  await createFromTemplate(testDatabaseUrl, name, template);
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

/** A short hash of the migrations: a template is made once per migrations version. */
function migrationsVersion(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Path of a migrated PGlite dump for the current migrations, created once per migrations version. */
export async function ensurePgliteTemplate(): Promise<string> {
  const target = path.join(tmpdir(), `tenger-pglite-${migrationsVersion()}.tar`);
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

/**
 * The name of a migrated PostgreSQL database for the current migrations on the server of
 * `connectionString`, created once per migrations version (migrated under a temporary name, then
 * renamed, so a half-migrated template is never used). Test databases are copied from it: a copy takes
 * a fraction of running every migration again.
 */
export async function ensurePostgresTemplate(connectionString: string): Promise<string> {
  const name = `tenger_template_${migrationsVersion()}`;
  if (await databaseExists(connectionString, name)) return name;
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  await adminQuery(connectionString, `CREATE DATABASE ${building}`);
  const url = new URL(connectionString);
  url.pathname = `/${building}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await handle.close();
  try {
    await adminQuery(connectionString, `ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (err) {
    // Another process finished the same template first: use that one.
    await adminQuery(connectionString, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    if (!(await databaseExists(connectionString, name))) throw err;
  }
  return name;
}

async function databaseExists(connectionString: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return (rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** CREATE DATABASE `name` as a copy of `template`; retried while another copy of it is being made. */
async function createFromTemplate(connectionString: string, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(connectionString, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (err) {
      // "source database … is being accessed by other users": a concurrent copy holds it a moment.
      if (attempt >= 50 || (err as { code?: string }).code !== '55006') throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
    }
  }
}
