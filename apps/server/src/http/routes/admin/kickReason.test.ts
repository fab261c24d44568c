import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../../audit/auditLog.js';
import { TEST_DRIVERS } from '../../../testing/database.js';
import { startTestServer, type TestServer } from '../../../testing/testServer.js';
import { TableRegistry } from '../../../tables/runtime/tableRegistry.js';
import { createTestTable, FAST_TIMING, Recorder } from '../../../testing/testTables.js';

describe.each(TEST_DRIVERS)('a kick with a reason on $name', ({ url }) => {
  let t: TestServer;
  let registry: TableRegistry;

  beforeAll(async () => {
    t = await startTestServer({
      databaseUrl: url,
      tableLayer: (services) => (registry = new TableRegistry(services, { timing: FAST_TIMING })),
    });
  });
  afterAll(() => t.close());

  const kick = (tableId: number, userId: number, reason?: string) =>
    t.call({
      method: 'DELETE',
      url: `/api/v1/admin/table/kick?tableId=${tableId}&userId=${userId}${
        reason === undefined ? '' : `&reason=${encodeURIComponent(reason)}`
      }`,
      token: t.admin.token,
    });

  /** A player alone at a new table: no hand runs, so a kick stands them up at once. */
  async function seatedAlone() {
    const tableId = (await createTestTable(t)).id;
    const runtime = (await registry.runtime(tableId))!;
    const player = await t.player(10_000);
    const viewer = new Recorder(player.id);
    runtime.join(viewer);
    await runtime.handle(viewer, { type: 'SIT', seat: 0, amount: 5_000 });
    return { tableId, player, viewer };
  }

  it('tells the kicked player why and keeps the reason in the audit row', async () => {
    const { tableId, player, viewer } = await seatedAlone();

    expect((await kick(tableId, player.id, 'x'.repeat(201))).statusCode).toBe(400);
    const res = await kick(tableId, player.id, '  Abusive chat  ');
    expect(res.statusCode).toBe(200);
    const left = await viewer.waitFor((f) => f.type === 'EVENT' && f.event.type === 'seat-left', 2_000, true);
    expect(left).toMatchObject({ event: { reason: 'kicked', note: 'Abusive chat' } });
    const [row] = await listAudit(t.database.db, { limit: 1, action: 'table.kick' });
    expect(row.summary).toBe(`removed user #${player.id} from table #${tableId}: Abusive chat`);
  });

  it('a kick without a reason sends none', async () => {
    const { tableId, player, viewer } = await seatedAlone();
    expect((await kick(tableId, player.id, '')).statusCode).toBe(200);
    const left = await viewer.waitFor((f) => f.type === 'EVENT' && f.event.type === 'seat-left', 2_000, true);
    expect(left.type === 'EVENT' && left.event.type === 'seat-left' && left.event.note).toBeUndefined();
  });
});
