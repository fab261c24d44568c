// npm run backup [-- file] / npm run restore -- file: backs the site's database up, or restores a backup
// into an empty one. Uses DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite) like the server; the default
// backup folder is BACKUP_DIR or <repo>/backups. See ops/backup.ts and docs/operations.md, "Backups".
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../config.js';
import { backup, defaultBackupFile, restore, type BackupTarget } from '../ops/backup.js';

async function main(command: string | undefined, file: string | undefined): Promise<void> {
  const config = loadConfig();
  const target: BackupTarget = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const where = config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) : config.dataDir;
  if (command === 'backup') {
    const folder = process.env.BACKUP_DIR ?? path.join(REPO_ROOT, 'backups');
    const done = await backup(target, path.resolve(file ?? defaultBackupFile(target, folder)));
    console.log(`backed up ${done.driver} ${where} to ${done.file}: ${done.bytes} bytes in ${done.ms} ms`);
  } else if (command === 'restore' && file) {
    const done = await restore(target, path.resolve(file));
    console.log(`restored ${done.file} into ${done.driver} ${where} in ${done.ms} ms`);
  } else {
    throw new Error('usage: backup.js backup [file] | backup.js restore <file>');
  }
}

main(process.argv[2], process.argv[3]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
