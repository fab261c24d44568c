// The backup drill: play, back up, play on, restore into a fresh database; the books are zero and as they
// were at the backup, the hand chain verifies up to it, the players log in and sit where they sat.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '../db/client.js';
import { HandStore } from '../hands/handStore.js';
import { Accounts } from '../ledger/accounts.js';
import { Ledger } from '../ledger/ledger.js';
import { createServer } from '../server.js';
import { adminQuery, ensurePgliteTemplate } from '../testing/database.js';
import { handResults, seatFoldingPlayers } from '../testing/foldingPlayers.js';
import { startTestServer, testConfig, type TestPlayer, type TestServer } from '../testing/testServer.js';
import { TableRegistry } from '../tables/runtime/tableRegistry.js';
import { createTestTable, FAST_TIMING } from '../testing/testTables.js';
import { backup, restore } from './backup.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
/** A PGlite folder opened five times (each open a few seconds of WASM start on a busy machine). */
const PGLITE_DRILL_MS = 120_000;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Money in from outside, as a deposit. */
function deposit(ledger: Ledger, userId: number, amount: number, key: string) {
  return ledger.transfer({
    from: Accounts.outsideBank,
    to: Accounts.available(userId),
    amount,
    kind: 'deposit',
    key,
  });
}

function scratch(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'tenger-backup-'));
  folders.push(folder);
  return folder;
}

/** What must come back from a backup, read from a database. */
async function stateOf(db: Database, players: TestPlayer[]) {
  const ledger = new Ledger(db);
  const books = await ledger.bookTotals();
  const chain = await new HandStore(db).verifyChain();
  return {
    books,
    booksSum: Object.values(books).reduce((sum, n) => sum + n, 0),
    balances: await Promise.all(players.map((p) => ledger.balancesOf(p.id))),
    seats: await queryRows<{ table_id: number; seat: number; user_id: number }>(
      db,
      sql`SELECT table_id, seat, user_id FROM table_seats ORDER BY table_id, seat`,
    ),
    chain: chain.ok ? { ok: true, count: chain.count, head: chain.head } : { ok: false },
    users: (await queryRows<{ n: string }>(db, sql`SELECT count(*) AS n FROM users`))[0].n,
  };
}

/** A server over a restored database: each player logs in with their password and sees their balance. */
async function logsIn(database: DatabaseHandle, players: TestPlayer[]) {
  const server = await createServer({
    config: testConfig(),
    database,
    logger: pino({ level: 'silent' }),
    tableLayer: (services) => new TableRegistry(services, { durableSeats: true, timing: FAST_TIMING }),
  });
  try {
    return await Promise.all(
      players.map(async (player) => {
        const login = await server.app.inject({
          method: 'POST',
          url: '/api/v1/user/login',
          payload: { username: player.username, password: 'player-password' },
        });
        const me = await server.app.inject({
          method: 'GET',
          url: '/api/v1/user/me',
          headers: { authorization: `Bearer ${login.json().accessToken}` },
        });
        return { login: login.statusCode, balance: me.json().balance as number };
      }),
    );
  } finally {
    await server.close();
  }
}

describe.runIf(databaseUrl)('backup and restore on PostgreSQL (pg_dump / pg_restore)', () => {
  let t: TestServer;
  afterAll(() => t?.close());

  it('play, back up while the site runs, play on, restore into a fresh database: everything as at the backup', async () => {
    t = await startTestServer({
      databaseUrl,
      tableLayer: (services) => new TableRegistry(services, { durableSeats: true, timing: FAST_TIMING }),
    });
    const base = (await t.server.listen()).replace('http', 'ws');
    const table = await createTestTable(t);
    const [alice, bob] = [await t.player(20_000), await t.player(20_000)];
    const clients = await seatFoldingPlayers(base, table.id, [alice, bob]);
    await handResults(clients, 3);
    // Alice leaves: Bob sits alone and no hand is dealt, so the site holds still for the comparison.
    clients[0].send({ type: 'LEAVE', requestId: 'leave' });
    await clients[0].waitFor((f) => f.type === 'ACK' && f.requestId === 'leave');
    for (
      let i = 0;
      i < 1_200 && // up to 30 s: the hand in play ends first, and a loaded machine is slow
      (t.services.tableLayer.isPlaying(table.id) ||
        (await stateOf(t.services.db, [alice])).balances[0].atTables > 0);
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 25));
    const atBackup = await stateOf(t.services.db, [alice, bob]);
    expect(atBackup.chain).toMatchObject({ ok: true });
    expect((atBackup.chain as { count: number }).count).toBeGreaterThanOrEqual(3);
    expect(atBackup.seats).toEqual([{ table_id: table.id, seat: 1, user_id: bob.id }]);
    expect(atBackup.booksSum).toBe(0);

    const file = path.join(scratch(), 'site.dump');
    const dumped = await backup(
      { databaseUrl: (t.database as { databaseUrl?: string }).databaseUrl, dataDir: scratch() },
      file,
    );

    // Play on after the backup: money moves and a new player registers.
    await deposit(t.services.ledger, alice.id, 7_000, `after-backup:${alice.id}`);
    await t.player(1_000);
    for (const client of clients) client.close();

    const fresh = `tenger_restore_${randomBytes(4).toString('hex')}`;
    await adminQuery(databaseUrl!, `CREATE DATABASE ${fresh}`);
    const freshUrl = Object.assign(new URL(databaseUrl!), { pathname: `/${fresh}` }).toString();
    try {
      const restored = await restore({ databaseUrl: freshUrl, dataDir: scratch() }, file);
      const database = await openDatabase({ databaseUrl: freshUrl });
      expect(await stateOf(database.db, [alice, bob])).toEqual(atBackup);
      const logins = await logsIn(database, [alice, bob]);
      expect(logins).toEqual([
        { login: 200, balance: atBackup.balances[0].available },
        { login: 200, balance: atBackup.balances[1].available },
      ]);
      await database.close();
      // A restore never goes over data: a second one into the same database is refused.
      await expect(restore({ databaseUrl: freshUrl, dataDir: scratch() }, file)).rejects.toThrow(
        /has tables/,
      );
      console.log(
        `[PostgreSQL] backup ${dumped.bytes} bytes in ${dumped.ms} ms, restore in ${restored.ms} ms (${(atBackup.chain as { count: number }).count} hands)`,
      );
    } finally {
      await adminQuery(databaseUrl!, `DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`);
    }
  });
});

describe('backup and restore on PGlite (a dump of the data folder)', () => {
  it(
    'back up a stopped site, change it, restore into a new DATA_DIR: everything as at the backup',
    async () => {
      const dataDir = scratch();
      // A migrated site to start from, quickly: the test template, loaded as a restore would.
      await restore({ dataDir }, await ensurePgliteTemplate());
      const site = await createServer({ config: testConfig({ dataDir }), logger: pino({ level: 'silent' }) });
      const players: TestPlayer[] = [];
      for (const name of ['alice', 'bob']) {
        const { user, accessToken } = await site.services.auth.register(
          {
            email: `${name}@test.mn`,
            username: name,
            password: 'player-password',
            repeatPassword: 'player-password',
            acceptTerms: true,
            bank: 'Khan Bank',
            accountNumber: '5000123456',
          },
          'test',
        );
        await deposit(site.services.ledger, user.id, 10_000 * (players.length + 1), `deposit:${user.id}`);
        players.push({ id: user.id, username: name, token: accessToken });
      }
      const atBackup = await stateOf(site.services.db, players);
      await site.close();

      const file = path.join(scratch(), 'site.pglite.tar.gz');
      const dumped = await backup({ dataDir }, file);
      // Play on after the backup.
      const reopened = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      await deposit(new Ledger(reopened.db), players[0].id, 5_000, 'after-backup');
      await reopened.close();

      const restoredDir = scratch();
      const restored = await restore({ dataDir: restoredDir }, file);
      const database = await openDatabase({ pgliteDir: path.join(restoredDir, 'pglite') });
      expect(await stateOf(database.db, players)).toEqual(atBackup);
      expect(atBackup.booksSum).toBe(0);
      expect(await logsIn(database, players)).toEqual([
        { login: 200, balance: 10_000 },
        { login: 200, balance: 20_000 },
      ]);
      await database.close();
      await expect(restore({ dataDir: restoredDir }, file)).rejects.toThrow(/not empty/);
      console.log(`[PGlite] backup ${dumped.bytes} bytes in ${dumped.ms} ms, restore in ${restored.ms} ms`);
    },
    PGLITE_DRILL_MS,
  );
});
