import { ensurePgliteTemplate, ensurePostgresTemplate } from './database.js';

/** Builds the migrated PGlite (and, with TEST_DATABASE_URL, PostgreSQL) template once before the test files start. */
export default async function setup(): Promise<void> {
  await ensurePgliteTemplate();
  if (process.env.TEST_DATABASE_URL) await ensurePostgresTemplate(process.env.TEST_DATABASE_URL);
}
