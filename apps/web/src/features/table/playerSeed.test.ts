import { afterEach, describe, expect, it } from 'vitest';
import { isPlayerSeed, ownSeed, randomSeed, seedForNextDeal, setOwnSeed } from './playerSeed';

describe('the player seed', () => {
  afterEach(() => setOwnSeed(''));

  it('is a fresh random 128-bit value for every deal when the player typed none', () => {
    const a = seedForNextDeal();
    const b = seedForNextDeal();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).not.toBe(a);
    expect(randomSeed()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('is the typed seed, verbatim, for the rest of the session', () => {
    expect(setOwnSeed('  my lucky seed ~ 7 ')).toBe(true);
    expect(ownSeed()).toBe('  my lucky seed ~ 7 ');
    expect(seedForNextDeal()).toBe('  my lucky seed ~ 7 ');
  });

  it('refuses what the server would refuse: too long, control or non-ASCII characters', () => {
    expect(setOwnSeed('x'.repeat(65))).toBe(false);
    expect(setOwnSeed('tab\there')).toBe(false);
    expect(setOwnSeed('тэнгэр')).toBe(false);
    expect(isPlayerSeed('x'.repeat(64))).toBe(true);
    expect(ownSeed()).toBe('');
  });
});
