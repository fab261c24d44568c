// npm run verify-chain -w @tenger/server: re-hashes every stored hand in settlement order and prints
// the first break of the hand chain, if any. Uses DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite) like
// the server; exit code 0 when the chain holds, 1 when it is broken, 2 when it could not be read.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { HandStore } from '../hands/handStore.js';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  try {
    const report = await new HandStore(database.db).verifyChain();
    if (report.ok) {
      console.log(`hand chain holds: ${report.count} hands, head ${report.head}`);
      return 0;
    }
    const { handId, seq, reason } = report.firstBreak;
    console.log(
      `hand chain BROKEN at hand #${seq} (${handId ?? 'unknown'}): ${reason}; ${report.count} hands hold before it`,
    );
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('could not verify the hand chain:', error);
    process.exit(2);
  },
);
