// GET /api/v1/user/tables carries each table's last-hour figures (optional fields of the lobby schema).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TablesResponseSchema } from '@tenger/protocol';
import { TEST_DRIVERS } from '../../../testing/database.js';
import { insertFigureHand } from '../../../testing/figureHands.js';
import { startTestServer, type TestServer } from '../../../testing/testServer.js';
import { createTestTable } from '../../../testing/testTables.js';

describe.each(TEST_DRIVERS)('the lobby figures in GET /tables on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());

  it('gives hands per hour, average pot and players per flop; zeros for a table without hands', async () => {
    const [busy, quiet] = [await createTestTable(t), await createTestTable(t)];
    const endedAt = new Date(Date.now() - 5 * 60_000);
    await insertFigureHand(t.database.db, {
      tableId: busy.id,
      endedAt,
      totalPot: 600,
      seats: [{}, {}],
      boardCards: 3,
    });
    await insertFigureHand(t.database.db, {
      tableId: busy.id,
      endedAt,
      totalPot: 200,
      seats: [{}, { foldedOn: 'preflop' }],
      boardCards: 0,
    });
    const response = await t.call({ method: 'GET', url: '/api/v1/user/tables' });
    expect(response.statusCode).toBe(200);
    const tables = TablesResponseSchema.parse(response.json());
    expect(tables.find((row) => row.tableId === busy.id)).toMatchObject({
      handsPerHour: 2,
      averagePot: 400,
      playersPerFlop: 50,
    });
    expect(tables.find((row) => row.tableId === quiet.id)).toMatchObject({
      handsPerHour: 0,
      averagePot: 0,
      playersPerFlop: 0,
    });
  });
});
