import type { AdminDeposit, Withdrawal } from '@tenger/protocol';

/** One money movement between a player and the outside bank, as exported. */
export interface MoneyMovement {
  date: string;
  kind: 'deposit' | 'withdrawal';
  code: string;
  userId: number;
  username: string;
  /** Signed whole tugrik: + into the site, − out of it (only approved withdrawals leave). */
  amount: number;
  status: string;
  by: string;
  note: string;
}

export const CSV_COLUMNS: (keyof MoneyMovement)[] = [
  'date',
  'kind',
  'code',
  'userId',
  'username',
  'amount',
  'status',
  'by',
  'note',
];

/** Deposits and withdrawals dated within [from, to) as movements, oldest first. */
export function movementsBetween(
  deposits: AdminDeposit[],
  withdrawals: Withdrawal[],
  from: Date,
  to: Date,
): MoneyMovement[] {
  const within = (iso: string) => {
    const time = Date.parse(iso);
    return time >= from.getTime() && time < to.getTime();
  };
  const rows: MoneyMovement[] = [
    ...deposits
      .filter((d) => within(d.approvedAt))
      .map((d) => ({
        date: d.approvedAt,
        kind: 'deposit' as const,
        code: d.code,
        userId: d.userId,
        username: d.username,
        amount: d.amount,
        status: 'credited',
        by: d.createdBy,
        note: d.note ?? '',
      })),
    ...withdrawals
      .filter((w) => within(w.requestedAt))
      .map((w) => ({
        date: w.requestedAt,
        kind: 'withdrawal' as const,
        code: w.code,
        userId: w.userId,
        username: w.username,
        amount: w.status === 'approved' ? -w.amount : 0,
        status: w.status,
        by: w.approvedBy ?? '',
        note: w.reason ?? `requested ${w.amount}`,
      })),
  ];
  return rows.sort((a, b) => Date.parse(a.date) - Date.parse(b.date) || a.code.localeCompare(b.code));
}

/**
 * RFC 4180 CSV. A cell that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with
 * an apostrophe, so an exported username can never execute anything.
 */
export function toCsv(rows: MoneyMovement[]): string {
  const cell = (value: string | number) => {
    if (typeof value === 'number') return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [
    CSV_COLUMNS.join(','),
    ...rows.map((row) => CSV_COLUMNS.map((key) => cell(row[key])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
