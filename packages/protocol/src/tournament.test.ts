import { describe, expect, it } from 'vitest';
import { CreateTournamentRequestSchema } from './tournament.js';

const SNG = {
  name: 'Sit & Go 6',
  kind: 'sng',
  variant: 'holdem',
  buyIn: 10_000,
  fee: 1_000,
  startingStack: 1_500,
  tableSize: 6,
  minEntrants: 2,
  maxEntrants: 6,
  structure: 'turbo',
};

describe('the create-tournament request', () => {
  it('takes a Sit & Go with a named structure', () => {
    expect(CreateTournamentRequestSchema.safeParse(SNG).success).toBe(true);
  });

  it.each([
    ['a starting stack below the engine minimum', { startingStack: 199 }, 'startingStack'],
    ['a table of ten', { tableSize: 10 }, 'tableSize'],
    ['a table of one', { tableSize: 1 }, 'tableSize'],
    ['fewer most entrants than least', { minEntrants: 5, maxEntrants: 4 }, 'maxEntrants'],
    [
      'both a structure and levels',
      { levels: [{ level: 1, smallBlind: 1, bigBlind: 2, ante: 0, seconds: 60, isBreak: false }] },
      'structure',
    ],
    ['neither a structure nor levels', { structure: undefined }, 'structure'],
    ['a multi-table tournament without a start', { kind: 'mtt' }, 'startsAt'],
    ['a Sit & Go with a start time', { startsAt: '2030-01-01T10:00:00Z' }, 'startsAt'],
    ['a fractional buy-in', { buyIn: 10.5 }, 'buyIn'],
    ['a negative fee', { fee: -1 }, 'fee'],
    ['an unknown structure', { structure: 'slow' }, 'structure'],
    ['a start that is not a date', { kind: 'mtt', startsAt: 'tomorrow' }, 'startsAt'],
  ])('refuses %s', (_what, change, field) => {
    const result = CreateTournamentRequestSchema.safeParse({ ...SNG, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toContain(field);
  });
});

describe('the scheduled formats of a create request', () => {
  const MTT = {
    ...SNG,
    kind: 'mtt',
    maxEntrants: 500,
    startsAt: '2030-01-01T12:00:00Z',
    structure: 'regular',
  };

  it('takes a guaranteed nightly tournament with late registration, re-entry, rebuys and an add-on', () => {
    const nightly = {
      ...MTT,
      registrationOpensAt: '2029-12-31T12:00:00Z',
      lateRegLevels: 6,
      maxEntries: 3,
      rebuyLevels: 4,
      maxRebuys: 2,
      addOn: true,
      guarantee: 10_000_000,
      recurrence: 'daily',
      timeZone: 'Asia/Ulaanbaatar',
      featured: true,
    };
    expect(CreateTournamentRequestSchema.safeParse(nightly).success).toBe(true);
  });

  it('takes a progressive knockout from 0 to 90 % of the buy-in as bounty', () => {
    for (const bountyPercent of [0, 50, 90])
      expect(CreateTournamentRequestSchema.safeParse({ ...MTT, bountyPercent }).success).toBe(true);
  });

  it.each([
    [
      'registration opening after the start',
      { registrationOpensAt: '2030-01-02T00:00:00Z' },
      'registrationOpensAt',
    ],
    ['re-entry without late registration', { maxEntries: 2 }, 'maxEntries'],
    ['a rebuy period with no rebuys', { rebuyLevels: 2 }, 'maxRebuys'],
    ['rebuys with no period', { maxRebuys: 2 }, 'rebuyLevels'],
    ['an add-on without a rebuy period', { addOn: true }, 'addOn'],
    ['a recurrence without a time zone', { recurrence: 'daily' }, 'timeZone'],
    ['late registration in a Sit & Go', { kind: 'sng', startsAt: undefined, lateRegLevels: 2 }, 'kind'],
    ['a negative guarantee', { guarantee: -1 }, 'guarantee'],
    ['a bounty above 90 % of the buy-in', { bountyPercent: 91 }, 'bountyPercent'],
    ['a negative bounty', { bountyPercent: -1 }, 'bountyPercent'],
    ['a fractional bounty percent', { bountyPercent: 12.5 }, 'bountyPercent'],
  ])('refuses %s', (_what, change, field) => {
    const result = CreateTournamentRequestSchema.safeParse({ ...MTT, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toContain(field);
  });
});
