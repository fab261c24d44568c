import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../audit/auditLog.js';
import type { DatabaseHandle } from '../db/client.js';
import { openTestDatabase, TEST_DRIVERS } from '../testing/database.js';
import { TEST_TABLE } from '../testing/testTables.js';
import { TableCatalogue } from './tableCatalogue.js';

describe.each(TEST_DRIVERS)('the table catalogue on $name', ({ url }) => {
  let handle: DatabaseHandle;
  let tables: TableCatalogue;
  const actor = { actorId: null, actorName: 'admin', ip: '127.0.0.1' };
  const audit = async (action: string) =>
    (await listAudit(handle.db, { limit: 100, action })).map((r) => ({
      actorName: r.actorName,
      targetId: r.targetId,
      summary: r.summary,
    }));

  beforeAll(async () => {
    handle = await openTestDatabase(url);
    tables = new TableCatalogue(handle.db);
  });
  afterAll(() => handle.close());

  it("an administrator's create, change and delete each write their audit row with the change", async () => {
    const table = await tables.create({ name: 'Orkhon', ...TEST_TABLE }, actor);
    const changed = await tables.update(table.id, { bigBlind: 200 }, actor);
    await tables.remove(table.id, actor);
    const id = String(table.id);
    expect(await audit('table.create')).toEqual([
      {
        actorName: 'admin',
        targetId: id,
        summary: `created #${table.no} "Orkhon" holdem no-limit 50/100 buy-in 2000-10000 6 seats`,
      },
    ]);
    expect(await audit('table.update')).toEqual([
      {
        actorName: 'admin',
        targetId: id,
        summary: `#${table.no} "Orkhon" holdem no-limit 50/100 buy-in 2000-10000 6 seats -> #${changed.no} "Orkhon" holdem no-limit 50/200 buy-in 2000-10000 6 seats`,
      },
    ]);
    expect(await audit('table.delete')).toEqual([
      {
        actorName: 'admin',
        targetId: id,
        summary: `deleted #${table.no} "Orkhon" holdem no-limit 50/200 buy-in 2000-10000 6 seats`,
      },
    ]);
  });

  it('a change that is refused writes no audit row, and one without an administrator writes none', async () => {
    const before = (await listAudit(handle.db, { limit: 100 })).length;
    await expect(tables.remove(987_654, actor)).rejects.toMatchObject({ status: 404 });
    await expect(tables.update(987_654, { name: 'Nowhere' }, actor)).rejects.toMatchObject({ status: 404 });
    await tables.create({ name: 'Seeded', ...TEST_TABLE });
    expect(await listAudit(handle.db, { limit: 100 })).toHaveLength(before);
  });

  it('finds one table by id with or without the cached list, never a deleted or unknown one', async () => {
    const table = await tables.create({ name: 'Selenge', ...TEST_TABLE });
    const gone = await tables.create({ name: 'Zavkhan', ...TEST_TABLE });
    await tables.remove(gone.id);
    tables.forget();
    expect(await tables.find(table.id)).toEqual(table);
    expect(await tables.find(gone.id)).toBeNull();
    expect(await tables.find(987_654)).toBeNull();
    await tables.list();
    expect(await tables.find(table.id)).toEqual(table);
    expect(await tables.find(gone.id)).toBeNull();
    await expect(tables.get(gone.id)).rejects.toMatchObject({ status: 404 });
  });
});
