import { describe, expect, it } from 'vitest';
import {
  breakRow,
  FIRST_LEVEL_ROW,
  levelsOfRows,
  listProblem,
  nextLevelRow,
  rowProblem,
  rowsOfLevels,
  type LevelRow,
} from './customLevels';

const level = (smallBlind: number, bigBlind: number, ante = 0, minutes = 10): LevelRow => ({
  smallBlind,
  bigBlind,
  ante,
  minutes,
  isBreak: false,
});
const problems = (rows: LevelRow[]) => rows.map((_row, index) => rowProblem(rows, index));

describe("the administrator's own levels", () => {
  it('a new level doubles the last playing level (past a break), keeping its length', () => {
    expect(nextLevelRow([])).toEqual(FIRST_LEVEL_ROW);
    expect(nextLevelRow([level(25, 50, 5, 4), breakRow()])).toEqual(level(50, 100, 10, 4));
  });

  it('rows become the request: numbered, minutes as whole seconds, a break with the blinds before it', () => {
    expect(levelsOfRows([level(10, 20, 0, 2.5), breakRow(), level(20, 40, 5)], 'per-player')).toEqual([
      {
        level: 1,
        smallBlind: 10,
        bigBlind: 20,
        ante: 0,
        anteKind: 'per-player',
        seconds: 150,
        isBreak: false,
      },
      {
        level: 2,
        smallBlind: 10,
        bigBlind: 20,
        ante: 0,
        anteKind: 'per-player',
        seconds: 300,
        isBreak: true,
      },
      {
        level: 3,
        smallBlind: 20,
        bigBlind: 40,
        ante: 5,
        anteKind: 'per-player',
        seconds: 600,
        isBreak: false,
      },
    ]);
  });

  it("a tournament's levels become rows in minutes (a break shows no blinds)", () => {
    expect(
      rowsOfLevels([
        { level: 1, smallBlind: 10, bigBlind: 20, ante: 0, seconds: 90, isBreak: false },
        { level: 2, smallBlind: 10, bigBlind: 20, ante: 0, seconds: 300, isBreak: true },
      ]),
    ).toEqual([level(10, 20, 0, 1.5), { minutes: 5, isBreak: true }]);
  });

  it('finds what the server refuses: small above big, blinds not rising, breaks first, last or in a row', () => {
    expect(problems([level(10, 20), level(20, 40), breakRow(), level(30, 60)])).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(problems([level(30, 20)])).toEqual(['smallAboveBig']);
    expect(problems([level(10, 20), level(10, 20)])).toEqual([null, 'blindsNotRising']);
    expect(problems([level(20, 40), level(10, 60)])).toEqual([null, 'blindsNotRising']);
    expect(problems([level(20, 40), breakRow(), level(20, 40)])).toEqual([null, null, 'blindsNotRising']);
    expect(problems([breakRow(), level(10, 20), breakRow(), breakRow(), level(20, 40), breakRow()])).toEqual([
      'breakFirst',
      null,
      null,
      'breaksInARow',
      null,
      'breakLast',
    ]);
    // An empty field is the form's "required", not a blinds problem.
    expect(problems([level(10, 20), { ...level(10, 20), bigBlind: null }])).toEqual([null, null]);
  });

  it('the list needs at least one playing level', () => {
    expect(listProblem(undefined)).toBe('noLevels');
    expect(listProblem([])).toBe('noLevels');
    expect(listProblem([breakRow()])).toBe('noLevels');
    expect(listProblem([level(10, 20)])).toBeNull();
  });
});
