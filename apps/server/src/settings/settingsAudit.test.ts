import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsSchema, type Settings } from '@tenger/protocol';
import { listAudit } from '../audit/auditLog.js';
import { TEST_DRIVERS } from '../testing/database.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

describe.each(TEST_DRIVERS)('the settings audit on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());

  const admin = (method: 'GET' | 'PUT', payload?: object) =>
    t.call({ method, url: '/api/v1/admin/settings', token: t.admin.token, ...(payload ? { payload } : {}) });

  it('a save that changed only the withdrawal minimum records only the withdrawal', async () => {
    // A site whose jackpot shares were never saved: the server pays the default shares.
    const read = SettingsSchema.parse((await admin('GET')).json());
    // The admin form saves every field it shows, the bad-beat shares in effect among them.
    const form: Settings = {
      ...read,
      jackpot: {
        ...read.jackpot,
        badBeatShares: read.jackpot.badBeatShares ?? { loser: 50, winner: 25, table: 25 },
      },
      withdrawal: { ...read.withdrawal, min: read.withdrawal.min + 500 },
    };
    expect((await admin('PUT', form)).statusCode).toBe(200);
    const rows = await listAudit(t.database.db, { limit: 10 });
    expect(rows.map((row) => [row.action, row.targetId])).toEqual([['settings.update', 'withdrawal']]);
    // The same form saved again changes nothing and records nothing.
    expect((await admin('PUT', form)).statusCode).toBe(200);
    expect(await listAudit(t.database.db, { limit: 10 })).toHaveLength(1);
  });
});
