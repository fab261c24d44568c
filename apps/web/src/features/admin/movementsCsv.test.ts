import type { AdminDeposit, Withdrawal } from '@tenger/protocol';
import { describe, expect, it } from 'vitest';
import { movementsBetween, toCsv } from './movementsCsv';

const deposit = (id: number, date: string, amount: number, username = 'bat'): AdminDeposit => ({
  depositId: id,
  code: `DEP-${id}`,
  userId: 7,
  username,
  amount,
  note: null,
  createdBy: 'admin',
  approvedAt: date,
});
const withdrawal = (id: number, date: string, amount: number, status: Withdrawal['status']): Withdrawal => ({
  withdrawalId: id,
  code: `WDR-${id}`,
  userId: 7,
  username: 'bat',
  amount,
  status,
  requestedAt: date,
  approvedBy: status === 'pending' ? null : 'admin',
  approvedAt: status === 'pending' ? null : date,
  reason: status === 'rejected' ? 'Wrong account' : null,
});

const from = new Date('2026-11-01T00:00:00Z');
const to = new Date('2026-12-01T00:00:00Z');

describe('the money movements export', () => {
  it('keeps only movements inside the range, oldest first, money in as plus and paid out as minus', () => {
    const rows = movementsBetween(
      [deposit(1, '2026-10-31T23:59:59Z', 500), deposit(2, '2026-11-10T00:00:00Z', 50_000)],
      [
        withdrawal(3, '2026-11-05T00:00:00Z', 15_000, 'approved'),
        withdrawal(4, '2026-11-06T00:00:00Z', 9_000, 'rejected'),
        withdrawal(5, '2026-12-01T00:00:00Z', 1_000, 'approved'),
      ],
      from,
      to,
    );
    expect(rows.map((r) => [r.code, r.amount, r.status])).toEqual([
      ['WDR-3', -15_000, 'approved'],
      ['WDR-4', 0, 'rejected'],
      ['DEP-2', 50_000, 'credited'],
    ]);
  });

  it('writes a header and quotes commas, quotes and line breaks', () => {
    const csv = toCsv(movementsBetween([deposit(1, '2026-11-02T00:00:00Z', 100, 'a,"b"')], [], from, to));
    const [header, line] = csv.trimEnd().split('\r\n');
    expect(header).toBe('date,kind,code,userId,username,amount,status,by,note');
    expect(line).toBe('2026-11-02T00:00:00Z,deposit,DEP-1,7,"a,""b""",100,credited,admin,');
  });

  it('defuses a cell a spreadsheet would run as a formula', () => {
    const csv = toCsv(
      movementsBetween([deposit(1, '2026-11-02T00:00:00Z', 100, '=HYPERLINK("x")')], [], from, to),
    );
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).not.toMatch(/,=HYPERLINK/);
  });
});
