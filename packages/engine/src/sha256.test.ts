import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromHex, hmacSha256, sha256, toHex, utf8 } from './sha256.js';

describe('SHA-256 and HMAC-SHA-256 in plain TypeScript', () => {
  it('gives the FIPS 180-4 test vectors', () => {
    expect(toHex(sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(new Uint8Array(0)))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('agrees with node:crypto on random inputs of every length around the block boundaries', () => {
    for (let length = 0; length < 300; length++) {
      const data = randomBytes(length);
      expect(toHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
      const key = randomBytes(length % 100);
      expect(toHex(hmacSha256(key, data))).toBe(createHmac('sha256', key).update(data).digest('hex'));
    }
  });

  it('hashes several parts as their concatenation', () => {
    const a = randomBytes(40);
    const b = randomBytes(50);
    expect(toHex(sha256(a, b))).toBe(createHash('sha256').update(a).update(b).digest('hex'));
  });

  it('reads hex back and refuses what is not hex', () => {
    expect(fromHex('00ff10')).toEqual(Uint8Array.of(0, 255, 16));
    expect(fromHex('0g')).toBeNull();
    expect(fromHex('abc')).toBeNull();
  });
});
