import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, GENESIS_HASH, handRecordHash, verifyChain, type ChainLink } from './handChain.js';

function chain(records: unknown[]): ChainLink[] {
  const links: ChainLink[] = [];
  let previous = GENESIS_HASH;
  for (const record of records) {
    const hash = handRecordHash(record, previous);
    links.push({ record, previousHash: previous, hash });
    previous = hash;
  }
  return links;
}

const records = Array.from({ length: 6 }, (_, i) => ({
  handId: `hand-${i}`,
  tableId: 3,
  handNumber: i + 1,
  record: {
    board: ['As', 'Kd', '7h'],
    pots: [{ amount: 100 * (i + 1), winners: [{ seat: i % 3, amount: 100 }] }],
  },
  fairness: {
    version: 2,
    deckCommitment: 'ab'.repeat(32),
    playerSeeds: [{ seat: 0, userId: 5, seed: 'é"\n' }],
  },
}));

describe('the hand chain', () => {
  it('serializes canonically: sorted keys, no spaces, undefined members left out', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: undefined, d: { z: -2, y: 'q"' } })).toBe(
      '{"a":[true,null,"x"],"b":1,"d":{"y":"q\\"","z":-2}}',
    );
    expect(canonicalJson({ b: 1, a: 2 })).toBe(canonicalJson({ a: 2, b: 1 }));
    expect(() => canonicalJson({ amount: 1.5 })).toThrow(RangeError);
    expect(() => canonicalJson({ when: () => 1 })).toThrow(RangeError);
  });

  it('hashes SHA-256 of the previous hash, a newline and the canonical record, as documented', () => {
    const previous = 'f'.repeat(64);
    const expected = createHash('sha256')
      .update(`${previous}\n${canonicalJson(records[0])}`)
      .digest('hex');
    expect(handRecordHash(records[0], previous)).toBe(expected);
    expect(handRecordHash(records[0], GENESIS_HASH)).not.toBe(expected);
  });

  it('verifies an intact chain and reports its head', () => {
    const links = chain(records);
    expect(verifyChain(links)).toEqual({ ok: true, count: 6, head: links[5].hash });
    expect(verifyChain([])).toEqual({ ok: true, count: 0, head: GENESIS_HASH });
  });

  it('finds the first changed record', () => {
    const links = chain(records);
    const changed = structuredClone(links);
    (changed[3].record as (typeof records)[number]).record.pots[0].amount += 1;
    (changed[5].record as (typeof records)[number]).handNumber = 99;
    expect(verifyChain(changed)).toMatchObject({ ok: false, index: 3, reason: 'hash-mismatch' });
  });

  it('finds a changed seed or commitment in the fairness data', () => {
    const changed = structuredClone(chain(records));
    (changed[2].record as (typeof records)[number]).fairness.playerSeeds[0].seed = 'other';
    expect(verifyChain(changed)).toMatchObject({ ok: false, index: 2, reason: 'hash-mismatch' });
  });

  it('finds a removed, inserted or reordered record where the chain first breaks', () => {
    const links = chain(records);
    expect(verifyChain([...links.slice(0, 2), ...links.slice(3)])).toMatchObject({
      ok: false,
      index: 2,
      reason: 'previous-mismatch',
    });
    const forged = { record: { handId: 'forged' }, previousHash: links[1].hash, hash: '' };
    forged.hash = handRecordHash(forged.record, forged.previousHash);
    expect(verifyChain([...links.slice(0, 2), forged, ...links.slice(2)])).toMatchObject({
      ok: false,
      index: 3,
    });
    expect(verifyChain([links[1], links[0]])).toMatchObject({ ok: false, index: 0 });
  });

  it('finds a rewritten stored hash, and checks a tail from a trusted earlier hash', () => {
    const links = chain(records);
    const rewritten = links.map((l, i) => (i === 4 ? { ...l, hash: 'e'.repeat(64) } : l));
    expect(verifyChain(rewritten)).toMatchObject({ ok: false, index: 4, reason: 'hash-mismatch' });
    expect(verifyChain(links.slice(3), links[2].hash)).toMatchObject({ ok: true, count: 3 });
  });

  it('reports a record that cannot be hashed instead of throwing', () => {
    const links = chain(records);
    links[1] = { ...links[1], record: { amount: Number.NaN } };
    expect(verifyChain(links)).toMatchObject({ ok: false, index: 1, reason: 'malformed' });
  });
});
