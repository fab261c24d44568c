import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as browser from './browser.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Every module reachable from `file` through its imports (relative ones followed, others returned). */
function importGraph(file: string, seen = new Set<string>(), external = new Set<string>()) {
  if (seen.has(file)) return { seen, external };
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/(?:import|export)[^'"]*?from\s+'([^']+)'/g)) {
    if (specifier.startsWith('.'))
      importGraph(join(dirname(file), specifier.replace(/\.js$/, '.ts')), seen, external);
    else external.add(specifier);
  }
  return { seen, external };
}

describe('the browser entry (@tenger/engine/browser)', () => {
  it('imports nothing from node: nor any package, through any module below it', () => {
    const { seen, external } = importGraph(join(here, 'browser.ts'));
    expect([...external]).toEqual([]);
    expect([...seen].map((f) => f.slice(here.length + 1)).sort()).toEqual(
      [
        'browser.ts',
        'cards.ts',
        'evaluator.ts',
        'evaluatorTables.ts',
        'fair1.ts',
        'fair2.ts',
        'handChain.ts',
        'sha256.ts',
        'verify.ts',
        'hand-types.ts',
        'tournament/structures.ts',
        'tournament/payouts.ts',
        'tournament/places.ts',
        'tournament/icm.ts',
        'tournament/satellite.ts',
      ].sort(),
    );
  });

  it('offers the verifier, the version 2 derivation, the version 1 derivation and the chain', () => {
    for (const name of [
      'verifyHandFairness',
      'verifyOpening',
      'dealPermutation',
      'dealLayout',
      'deckFromSeed',
      'commitment',
      'handRecordHash',
      'verifyChain',
      'parseCard',
      'namedStructure',
      'validateLevels',
      'payoutTable',
      'finishingPlaces',
      'icmEquities',
    ]) {
      expect(typeof (browser as Record<string, unknown>)[name], name).toBe('function');
    }
    expect('commitDeck' in browser).toBe(false);
  });

  it('offers the evaluator the server settles with, so the browser names hands by the same values', () => {
    const royal = browser.evaluateHoldem(browser.parseCards('AhKhQhJhTh2c3d'));
    expect(browser.handCategory(royal)).toBe('straight-flush');
    expect(browser.handRanks(royal)).toEqual([12]);
    const omaha = browser.evaluateOmaha(browser.parseCards('AsKdQcJd'), browser.parseCards('2s5s8s9sTh'));
    expect(browser.handCategory(omaha)).not.toBe('flush');
  });
});
