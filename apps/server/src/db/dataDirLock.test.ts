import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './dataDirLock.js';

describe('the DATA_DIR lock', () => {
  it('a second server cannot open the same data folder while the first runs', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tenger-lock-'));
    const release = lockDataDir(dir);
    writeFileSync(path.join(dir, 'server.lock'), '1\n'); // pid 1 is always alive
    expect(() => lockDataDir(dir)).toThrow(/Another server \(pid 1\)/);
    release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a lock left behind by a process that no longer runs', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tenger-lock-'));
    writeFileSync(path.join(dir, 'server.lock'), '999999999\n');
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(true);
    release();
  });
});
