// The hand chain: each stored hand record carries the hash of the previous one, so no stored hand can
// be altered, removed or inserted without breaking every later hash. Pure and browser-safe.
//
//   hash = SHA-256( UTF-8( previousHash ‖ "\n" ‖ canonicalJson(record) ) ), lowercase hex
//   the first record's previousHash is GENESIS_HASH (64 zeros)
//
// canonicalJson: JSON with no whitespace, object keys sorted by UTF-16 code units (as Array.sort
// does; the same as byte order for ASCII keys), members whose value is undefined left out, strings
// escaped as JSON.stringify does, numbers only as safe integers (money, seats, cards are integers).
// For ASCII data this is what `jq -cS .` prints, so the chain can be re-hashed with standard tools:
//   printf '%s\n%s' "$PREVIOUS" "$(jq -cS . record.json)" | sha256sum

import { sha256, toHex, utf8 } from './sha256.js';

export const GENESIS_HASH = '0'.repeat(64);

/** The canonical text of a JSON value; throws a RangeError for a non-integer number or a non-JSON value. */
export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isSafeInteger(value)) throw new RangeError(`Only safe integers are hashed, got ${value}`);
      return Object.is(value, -0) ? '0' : String(value);
    case 'object': {
      if (Array.isArray(value))
        return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
      const object = value as Record<string, unknown>;
      const keys = Object.keys(object)
        .filter((key) => object[key] !== undefined)
        .sort();
      return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`).join(',')}}`;
    }
    default:
      throw new RangeError(`Not a JSON value: ${typeof value}`);
  }
}

/** The hash of a hand record chained to the previous record's hash (GENESIS_HASH for the first). */
export function handRecordHash(record: unknown, previousHash: string): string {
  if (!/^[0-9a-f]{64}$/.test(previousHash))
    throw new RangeError('previousHash must be 64 lowercase hex characters');
  return toHex(sha256(utf8(`${previousHash}\n${canonicalJson(record)}`)));
}

/** One stored link: the record as stored, the hash it claims to follow, and its own hash. */
export interface ChainLink {
  record: unknown;
  previousHash: string;
  hash: string;
}

export type ChainCheck =
  | { ok: true; count: number; head: string }
  | {
      ok: false;
      /** Index (in the order given) of the first link that does not hold. */
      index: number;
      /** 'previous-mismatch': it does not follow the link before it (one removed, inserted or reordered);
       *  'hash-mismatch': its record (or stored hash) was changed; 'malformed': not hashable. */
      reason: 'previous-mismatch' | 'hash-mismatch' | 'malformed';
      expected: string;
      found: string;
    };

/**
 * Re-hashes every link in order and reports the first break. `start` is the hash the first link must
 * follow (GENESIS_HASH for a whole chain; a trusted earlier hash to check a tail).
 */
export function verifyChain(links: Iterable<ChainLink>, start: string = GENESIS_HASH): ChainCheck {
  let previous = start;
  let index = 0;
  for (const link of links) {
    if (link.previousHash !== previous) {
      return {
        ok: false,
        index,
        reason: 'previous-mismatch',
        expected: previous,
        found: String(link.previousHash),
      };
    }
    let hash: string;
    try {
      hash = handRecordHash(link.record, link.previousHash);
    } catch (error) {
      return {
        ok: false,
        index,
        reason: 'malformed',
        expected: '',
        found: error instanceof Error ? error.message : '',
      };
    }
    if (hash !== link.hash)
      return { ok: false, index, reason: 'hash-mismatch', expected: hash, found: String(link.hash) };
    previous = hash;
    index++;
  }
  return { ok: true, count: index, head: previous };
}
