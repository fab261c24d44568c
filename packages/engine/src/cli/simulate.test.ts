import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replayPHH } from '../phh.js';
import { parseArgs, simulate } from './simulate.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tenger-sim-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('simulator', () => {
  it.each([
    ['holdem-nl', 6, 0],
    ['omaha-pl', 4, 5],
    ['omaha-nl', 9, 5],
    ['holdem-nl', 2, 5],
  ] as const)(
    '%s with %i players writes one PHH file per hand and every file replays',
    (variant, players, rake) => {
      const out = tempDir();
      const summary = simulate({ variant, players, hands: 60, seed: 11, rake, rakeCap: 500, out });
      const files = readdirSync(out).filter((f) => f.endsWith('.phh'));
      expect(files).toHaveLength(60);
      for (const file of files) {
        const result = replayPHH(readFileSync(join(out, file), 'utf8'));
        if (!result.ok) throw new Error(`${file}: ${result.error.code} ${result.error.message}`);
      }
      expect(summary.showdowns).toBeGreaterThan(0);
      if (rake > 0) expect(summary.rake).toBeGreaterThan(0);
    },
    30_000,
  );

  it.each([
    ['per-player', 'holdem-nl', 12],
    ['big-blind', 'holdem-nl', 100],
    ['big-blind', 'omaha-pl', 100],
    ['big-blind', 'omaha-nl', 100],
  ] as const)(
    'tournament-style hands with a %s ante (%s) write the antes in PHH and every file replays',
    (anteKind, variant, ante) => {
      const out = tempDir();
      simulate({ variant, players: 6, hands: 80, seed: 21, rake: 0, rakeCap: 0, out, ante, anteKind });
      const texts = readdirSync(out).map((f) => readFileSync(join(out, f), 'utf8'));
      for (const text of texts) {
        const antes = /antes = \[([^\]]*)\]/.exec(text)![1].split(',').map(Number);
        if (anteKind === 'big-blind') expect(antes.filter((a) => a > 0)).toEqual([ante]);
        else expect(antes.every((a) => a === ante)).toBe(true);
        const result = replayPHH(text);
        if (!result.ok) throw new Error(`${result.error.code} ${result.error.message}\n${text}`);
      }
    },
    30_000,
  );

  it('bots make side pots, split pots and all-ins happen', () => {
    const summary = simulate({
      variant: 'holdem-nl',
      players: 9,
      hands: 200,
      seed: 3,
      rake: 0,
      rakeCap: 0,
      out: tempDir(),
    });
    expect(summary.handsWithSidePots).toBeGreaterThan(0);
    expect(summary.splitPots).toBeGreaterThan(0);
    expect(summary.allIns).toBeGreaterThan(0);
  }, 30_000);

  it('bots that buy in again wait for the big blind: no hand has an out-of-position blind, and every file replays', () => {
    for (const postNow of [false, true]) {
      const out = tempDir();
      simulate({ variant: 'holdem-nl', players: 6, hands: 300, seed: 5, rake: 0, rakeCap: 0, out, postNow });
      const texts = readdirSync(out).map((f) => readFileSync(join(out, f), 'utf8'));
      const thirdBlinds = texts.filter((t) => /_newcomer_big_blinds/.test(t));
      for (const text of texts) expect(replayPHH(text).ok).toBe(true);
      if (!postNow) {
        expect(thirdBlinds).toEqual([]);
        for (const text of texts) {
          const blinds = /blinds_or_straddles = \[([^\]]*)\]/.exec(text)![1].split(',').map(Number);
          expect(blinds.filter((b) => b > 0).length).toBeLessThanOrEqual(2);
        }
      } else {
        expect(thirdBlinds.length).toBeGreaterThan(0);
        expect(thirdBlinds[0]).toMatch(/^# Not plain PHH: p\d posted a newcomer's live big blind/m);
      }
    }
  }, 60_000);

  it('the same seed writes the same hands', () => {
    const a = tempDir();
    const b = tempDir();
    simulate({ variant: 'omaha-pl', players: 5, hands: 20, seed: 9, rake: 0, rakeCap: 0, out: a });
    simulate({ variant: 'omaha-pl', players: 5, hands: 20, seed: 9, rake: 0, rakeCap: 0, out: b });
    for (const file of readdirSync(a)) {
      expect(readFileSync(join(b, file), 'utf8')).toBe(readFileSync(join(a, file), 'utf8'));
    }
  }, 30_000);

  it('reads its command line and refuses bad options', () => {
    const ok = parseArgs([
      '--variant',
      'holdem',
      '--players',
      '6',
      '--hands',
      '10',
      '--seed',
      '5',
      '--rake',
      '0',
      '--out',
      'x',
    ]);
    expect(ok).toMatchObject({ variant: 'holdem-nl', players: 6, hands: 10, seed: 5, rake: 0 });
    expect(parseArgs(['--ante', '100', '--ante-kind', 'big-blind', '--out', 'x'])).toMatchObject({
      ante: 100,
      anteKind: 'big-blind',
    });
    for (const bad of [
      ['--variant', 'stud', '--out', 'x'],
      ['--players', '10', '--out', 'x'],
      ['--players', '1', '--out', 'x'],
      ['--hands', '0', '--out', 'x'],
      ['--hands', 'many', '--out', 'x'],
      ['--rake', '-1', '--out', 'x'],
      ['--players', '6'],
      ['--colour', 'red', '--out', 'x'],
      ['--ante', '-5', '--out', 'x'],
      ['--ante', '10', '--ante-kind', 'button', '--out', 'x'],
      ['--out'],
    ]) {
      expect(parseArgs(bad)).toHaveProperty('error');
    }
  });
});
