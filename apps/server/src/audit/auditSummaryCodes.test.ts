import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_SUMMARY_CODES, AuditPageSchema, type AuditItem } from '@tenger/protocol';
import { TEST_DRIVERS } from '../testing/database.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { TEST_TABLE } from '../testing/testTables.js';

// Issue 23: audit rows store their summary as a code and parameters next to the English text, and the
// admin API hands both to the panel, which shows the summary in the reader's language.
describe.each(TEST_DRIVERS)('coded audit summaries on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());

  const audit = async (action: string): Promise<AuditItem[]> => {
    const response = await t.call({
      method: 'GET',
      url: `/api/v1/admin/audit?action=${action}`,
      token: t.admin.token,
    });
    expect(response.statusCode).toBe(200);
    return AuditPageSchema.parse(response.json()).items;
  };
  const admin = (method: 'POST' | 'PUT' | 'PATCH', path: string, payload?: object, key?: string) =>
    t.call({
      method,
      url: `/api/v1/admin${path}`,
      token: t.admin.token,
      ...(payload ? { payload } : {}),
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  it('a deposit, a block, a chat mute, a new table and a change of bank details store their code and parameters', async () => {
    const player = await t.player();
    const deposit = await admin('POST', '/deposit', { userId: player.id, amount: 5_000 }, 'audit-codes-1');
    expect(deposit.statusCode).toBe(201);
    const [credit] = await audit('deposit.create');
    expect(credit).toMatchObject({
      summaryCode: 'deposit.credit',
      summaryParams: { amount: 5_000, username: player.username, userId: player.id },
    });
    // The English text stays for the CSV.
    expect(credit.summary).toBe(`₮5000 credited to ${player.username} (#${player.id})`);

    expect((await admin('PUT', `/user/block?userId=${player.id}`)).statusCode).toBe(200);
    expect((await audit('user.block'))[0]).toMatchObject({
      summaryCode: 'user.status',
      summaryParams: { username: player.username, from: 'active', to: 'blocked' },
    });

    expect((await admin('PUT', '/user/chat-mute', { userId: player.id, muted: true })).statusCode).toBe(200);
    expect((await audit('chat.mute'))[0]).toMatchObject({
      summaryCode: 'chat.mute',
      summaryParams: { userId: player.id },
    });

    const created = await admin('POST', '/table', { ...TEST_TABLE, name: 'Altai' });
    expect(created.statusCode).toBe(201);
    const [row] = await audit('table.create');
    expect(row.summaryCode).toBe('table.create');
    expect(row.summaryParams).toMatchObject({ name: 'Altai' });
    expect(typeof row.summaryParams.no).toBe('number');

    const other = await t.player();
    const role = await admin('PATCH', `/user/role?userId=${other.id}`, { role: 'ADMIN' });
    const [roleRow] = await audit(role.statusCode === 202 ? 'user.role_request' : 'user.role');
    expect(roleRow).toMatchObject({
      summaryCode: role.statusCode === 202 ? 'user.role_request' : 'user.role',
      summaryParams: { username: other.username, from: 'PLAYER' },
    });

    // A player's own change of bank details: the fields by name, never the numbers.
    const saver = await t.player();
    const changed = await t.call({
      method: 'PATCH',
      url: '/api/v1/user/me',
      token: saver.token,
      payload: { bank: 'Golomt Bank', accountNumber: '5000999999', currentPassword: 'player-password' },
    });
    expect(changed.statusCode).toBe(200);
    const [account] = await audit('security.account_change');
    expect(account).toMatchObject({
      summaryCode: 'security.account_change',
      summaryParams: { fields: 'bank, account' },
    });

    // Every coded row names exactly the parameters its code lists.
    for (const item of [credit, row, account]) {
      const code = item.summaryCode as keyof typeof AUDIT_SUMMARY_CODES;
      expect(Object.keys(item.summaryParams).sort()).toEqual([...AUDIT_SUMMARY_CODES[code]].sort());
    }
  });
});
