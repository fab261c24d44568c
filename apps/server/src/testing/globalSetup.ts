import { ensurePgliteTemplate } from './database.js';

/** Builds the migrated PGlite template once before the test files start. */
export default async function setup(): Promise<void> {
  await ensurePgliteTemplate();
}
