import { describe, expect, it } from 'vitest';
import { levelAt, namedStructure, STRUCTURE_NAMES, validateLevels, type Level } from './structures.js';

const playing = (levels: Level[]) => levels.filter((l) => !l.isBreak);

describe('named structures', () => {
  it('a regular structure for 10,000 chips starts at 50/100 with 10-minute levels and a 5-minute break every hour', () => {
    const levels = namedStructure('regular', 10_000);
    expect(levels[0]).toEqual({
      level: 1,
      smallBlind: 50,
      bigBlind: 100,
      ante: 0,
      anteKind: 'big-blind',
      seconds: 600,
      isBreak: false,
    });
    expect(levels.slice(1, 4).map((l) => [l.smallBlind, l.bigBlind, l.ante])).toEqual([
      [60, 120, 0],
      [75, 150, 0],
      [100, 200, 200],
    ]);
    expect(levels[6]).toMatchObject({ level: 7, isBreak: true, seconds: 300, bigBlind: levels[5].bigBlind });
  });

  it('turbo starts at 75 big blinds with 5-minute levels and hyper at 50 with 3-minute levels and no breaks', () => {
    expect(namedStructure('turbo', 1_500)[0]).toMatchObject({ smallBlind: 10, bigBlind: 20, seconds: 300 });
    const hyper = namedStructure('hyper', 1_500);
    expect(hyper[0]).toMatchObject({ smallBlind: 15, bigBlind: 30, seconds: 180 });
    expect(hyper.some((l) => l.isBreak)).toBe(false);
    expect(hyper[2].ante).toBe(hyper[2].bigBlind);
  });

  it('per-player antes are an eighth of the big blind', () => {
    const levels = namedStructure('regular', 10_000, { anteKind: 'per-player' });
    expect(levels[3]).toMatchObject({ bigBlind: 200, ante: 25, anteKind: 'per-player' });
  });

  it('every named structure for many starting stacks is valid and climbs to a hundred starting stacks', () => {
    for (const name of STRUCTURE_NAMES) {
      for (const stack of [
        200, 500, 1_000, 1_500, 3_000, 5_000, 10_000, 20_000, 25_000, 100_000, 1_000_000,
      ]) {
        const levels = namedStructure(name, stack);
        expect(validateLevels(levels), `${name} ${stack}`).toEqual([]);
        expect(playing(levels).at(-1)!.bigBlind).toBeGreaterThanOrEqual(stack * 100);
        expect(stack / levels[0].bigBlind).toBeGreaterThanOrEqual(
          { regular: 100, turbo: 75, hyper: 50 }[name],
        );
      }
    }
  });

  it('refuses a starting stack too small for its blinds', () => {
    expect(() => namedStructure('regular', 199)).toThrow(/starting stack/);
    expect(() => namedStructure('regular', 1500.5)).toThrow(/starting stack/);
  });
});

describe('validating levels', () => {
  const base = namedStructure('regular', 10_000).slice(0, 8);
  const codes = (levels: unknown) => validateLevels(levels).map((p) => [p.index, p.code]);

  it('a structure whose blinds go down, stay put or come in the wrong order is refused', () => {
    const flat = base.map((l) => ({ ...l }));
    flat[2] = { ...flat[2], smallBlind: 60, bigBlind: 120 };
    expect(codes(flat)).toEqual([[2, 'blinds-not-increasing']]);
  });

  it('lengths must be positive whole seconds and blinds whole numbers', () => {
    expect(codes(base.map((l, i) => (i === 1 ? { ...l, seconds: 0 } : l)))).toEqual([[1, 'bad-number']]);
    expect(codes(base.map((l, i) => (i === 1 ? { ...l, bigBlind: 99.5 } : l)))).toEqual([[1, 'bad-number']]);
    expect(codes(base.map((l, i) => (i === 1 ? { ...l, ante: -1 } : l)))).toEqual([[1, 'bad-number']]);
  });

  it('breaks may not open or close the structure, follow each other or change the blinds', () => {
    const rows = (list: Partial<Level>[]) =>
      list.map((l, i) => ({ ...base[0], ...l, level: i + 1 }) as Level);
    expect(codes(rows([{ isBreak: true }, { bigBlind: 200, smallBlind: 100 }]))).toEqual([
      [0, 'break-first'],
    ]);
    expect(codes(rows([{}, { isBreak: true }]))).toEqual([[1, 'break-last']]);
    expect(
      codes(rows([{}, { isBreak: true }, { isBreak: true }, { smallBlind: 100, bigBlind: 200 }])),
    ).toEqual([[2, 'breaks-in-a-row']]);
    expect(
      codes(
        rows([{}, { isBreak: true, bigBlind: 200, smallBlind: 100 }, { smallBlind: 150, bigBlind: 300 }]),
      ),
    ).toEqual([[1, 'break-changes-blinds']]);
  });

  it('an empty list, a non-list, misnumbered rows and a small blind above the big blind are refused', () => {
    expect(codes([])).toEqual([[-1, 'empty']]);
    expect(codes({})).toEqual([[-1, 'not-a-list']]);
    expect(codes([{ ...base[0], level: 2 }])).toEqual([[0, 'bad-numbering']]);
    expect(codes([{ ...base[0], smallBlind: 200 }])).toEqual([[0, 'small-blind-above-big-blind']]);
    expect(codes([{ ...base[0], anteKind: 'both' }])).toEqual([[0, 'bad-ante-kind']]);
  });
});

describe('the level clock', () => {
  const levels = namedStructure('regular', 10_000);

  it('says which level is running and how long it has left; a new level starts on the second it is due', () => {
    expect(levelAt(levels, 0)).toMatchObject({ index: 0, secondsLeft: 600 });
    expect(levelAt(levels, 599)).toMatchObject({ index: 0, secondsLeft: 1 });
    expect(levelAt(levels, 600)).toMatchObject({ index: 1, secondsLeft: 600 });
    expect(levelAt(levels, 6 * 600 + 10)).toMatchObject({
      index: 6,
      secondsLeft: 290,
      level: { isBreak: true },
    });
  });

  it('the last level lasts until the tournament ends', () => {
    const total = levels.reduce((sum, l) => sum + l.seconds, 0);
    expect(levelAt(levels, total * 2)).toMatchObject({ index: levels.length - 1, secondsLeft: null });
  });
});
