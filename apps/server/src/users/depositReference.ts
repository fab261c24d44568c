import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { sqlState, UNIQUE_VIOLATION } from '../ledger/ledger.js';
import { notFound } from '../errors.js';

/**
 * A player's personal deposit reference: `TP` and 6 characters of an alphabet without 0, O, 1 and I (no
 * two read alike), 32^6 ≈ 10^9 of them. The player writes it on a bank transfer; the cashier finds the
 * account by it. Drawn once per account with node:crypto, kept unique by an index, never changed
 * (migration 0025 gave one to every account that existed before).
 */
export const DEPOSIT_REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const PREFIX = 'TP';
const LENGTH = 6;
const PATTERN = new RegExp(`^${PREFIX}[${DEPOSIT_REFERENCE_ALPHABET}]{${LENGTH}}$`);

/** A new reference: 32 letters divide 256, so `byte % 32` has no bias. */
export function newDepositReference(): string {
  const bytes = randomBytes(LENGTH);
  let text = PREFIX;
  for (const byte of bytes) text += DEPOSIT_REFERENCE_ALPHABET[byte % DEPOSIT_REFERENCE_ALPHABET.length];
  return text;
}

/**
 * What a cashier typed or pasted, read as a reference (any case, spaces and dashes ignored: "tp 7k2-qxm"
 * is TP7K2QXM); null when it cannot be one.
 */
export function parseDepositReference(text: string): string | null {
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  return PATTERN.test(compact) ? compact : null;
}

/**
 * The user's reference, drawn now if the account has none yet (one inserted outside the app). Two
 * first reads at once agree: only a still-empty row is written, then the row is read back. A draw that
 * another account already holds is drawn again.
 */
export async function depositReferenceOf(db: Database, userId: number): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const [row] = await db.select({ ref: users.depositRef }).from(users).where(eq(users.id, userId));
    if (!row) throw notFound('User');
    if (row.ref) return row.ref;
    try {
      await db
        .update(users)
        .set({ depositRef: newDepositReference() })
        .where(and(eq(users.id, userId), isNull(users.depositRef)));
    } catch (error) {
      if (sqlState(error) !== UNIQUE_VIOLATION || attempt >= 5) throw error;
    }
  }
}
