import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatCards, parseCard } from './cards.js';
import { deckFromSeed } from './fair1.js';
import { commitToDeck, dealKey, dealPermutation, dealtDeck, leafHash, openPosition } from './fair2.js';
import { hmacSha256, toHex } from './sha256.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const flat = readme.replace(/\s+/g, ' ');

describe('the README’s worked example of version 2', () => {
  it('is what the code computes', () => {
    const D = deckFromSeed('ab'.repeat(32), 'readme example', 1);
    const committed = commitToDeck(
      D,
      Array.from({ length: 52 }, (_, i) => new Uint8Array(16).fill(i)),
    );
    const handId = '0b7c6a52-1d1e-4d8e-9a43-5e0f3b9c2a10';
    const seeds = [
      { seat: 1, userId: 7, seed: 'typed by me' },
      { seat: 4, userId: 8, seed: '' },
      { seat: 6, userId: 9, seed: 'f00d' },
    ];
    const key = dealKey(committed.deckCommitment, handId, seeds);
    const pi = dealPermutation(committed.deckCommitment, handId, seeds);
    const opening = openPosition(committed, pi[0]);
    expect(flat).toContain(`D = ${formatCards(D.slice(0, 26), ' ')} ${formatCards(D.slice(26), ' ')}`);
    expect(readme).toContain(`root     = ${committed.deckCommitment}`);
    expect(readme).toContain(`# ${toHex(key)}`);
    expect(readme).toContain(`# ${toHex(hmacSha256(key, Uint8Array.of(0, 0, 0, 0)))}`);
    expect(flat).toContain(`π = ${pi.join(' ')}`);
    expect(flat).toContain(`dealt = ${formatCards(dealtDeck(committed, handId, seeds), ' ')}`);
    expect(flat).toContain(
      `"position": ${opening.position}, "card": "${opening.card}", "salt": "${opening.salt}"`,
    );
    for (const element of opening.path) expect(readme).toContain(`"${element}"`);
    const leaf = leafHash(opening.position, parseCard(opening.card), opening.salt);
    expect(readme).toContain(`${leaf.slice(0, 8)}…${leaf.slice(-4)}`);
    // The shell walk's intermediate nodes.
    let node = Buffer.from(leaf, 'hex');
    let index = opening.position;
    let count = 52;
    let used = 0;
    while (count > 1) {
      if (!(index === count - 1 && count % 2 === 1)) {
        const sibling = Buffer.from(opening.path[used++], 'hex');
        node = createHash('sha256')
          .update(index % 2 === 0 ? Buffer.concat([node, sibling]) : Buffer.concat([sibling, node]))
          .digest();
        const hex = node.toString('hex');
        expect(readme).toContain(`→ ${hex.slice(0, 8)}…${hex.slice(-4)}`);
      }
      index >>= 1;
      count = Math.ceil(count / 2);
    }
    expect(node.toString('hex')).toBe(committed.deckCommitment);
  });
});
