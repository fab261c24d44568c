import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { openTestDatabase, TEST_DRIVERS } from '../testing/database.js';
import { listAudit, recordAudit } from './auditLog.js';

describe.each(TEST_DRIVERS)('audit log on $name', ({ url }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(url);
    for (const n of [1, 2, 3]) {
      await recordAudit(handle.db, {
        actorId: n === 3 ? null : 7,
        actorName: n === 3 ? 'system' : 'root',
        ip: '10.0.0.1',
        action: n === 2 ? 'user.block' : 'deposit.create',
        targetType: 'user',
        targetId: 40 + n,
        summary: `row ${n}`,
      });
    }
  });
  afterAll(() => handle.close());

  it('lists the newest first, filtered by actor, action and target, paged by id', async () => {
    const all = await listAudit(handle.db, { limit: 10 });
    expect(all.map((r) => r.summary)).toEqual(['row 3', 'row 2', 'row 1']);
    expect((await listAudit(handle.db, { limit: 10, actor: 7 })).map((r) => r.summary)).toEqual([
      'row 2',
      'row 1',
    ]);
    expect((await listAudit(handle.db, { limit: 10, action: 'user.block' })).map((r) => r.targetId)).toEqual([
      '42',
    ]);
    expect((await listAudit(handle.db, { limit: 10, target: '41' })).map((r) => r.summary)).toEqual([
      'row 1',
    ]);
    expect((await listAudit(handle.db, { limit: 1, before: all[0].id })).map((r) => r.summary)).toEqual([
      'row 2',
    ]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE even with raw SQL', async () => {
    await expect(handle.db.execute(sql`UPDATE audit_log SET summary = 'forged'`)).rejects.toThrow();
    await expect(handle.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    await expect(handle.db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    const [count] = await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM audit_log`);
    expect(count.n).toBe(3);
    const [row] = await queryRows<{ summary: string }>(
      handle.db,
      sql`SELECT summary FROM audit_log WHERE summary = 'forged'`,
    );
    expect(row).toBeUndefined();
  });
});
