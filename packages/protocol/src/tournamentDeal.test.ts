import { describe, expect, it } from 'vitest';
import { TableTournamentSchema } from './table.js';
import { TableDealSchema, TournamentDealRequestSchema } from './tournamentDeal.js';

const proposed = {
  phase: 'proposed',
  players: [
    { userId: 1, asked: true, accepted: 'icm', stack: 5_000, icm: 38_393, chipChop: 40_000 },
    { userId: 2, asked: true, accepted: null, stack: 3_000, icm: 32_750, chipChop: 32_000 },
  ],
  kept: 0,
  endsAt: 1_700_000_060_000,
} as const;

describe('the final-table deal on the wire', () => {
  it('carries both proposals, each player amount and answer, at the final table', () => {
    expect(TableDealSchema.parse(proposed)).toEqual(proposed);
    const open = {
      phase: 'open',
      players: proposed.players.map((p) => ({
        ...p,
        asked: false,
        accepted: null,
        icm: null,
        chipChop: null,
      })),
      kept: null,
      endsAt: null,
    };
    expect(TableDealSchema.safeParse(open).success).toBe(true);
    const tournament = {
      tournamentId: 7,
      level: 3,
      ante: 0,
      anteKind: 'big-blind',
      isBreak: false,
      levelEndsAt: null,
      nextLevel: null,
      playersLeft: 2,
      entrants: 9,
      averageStack: 4_000,
      handForHand: false,
    };
    // Optional: tables of servers without deals (and every table but the final one) send none.
    expect(TableTournamentSchema.safeParse(tournament).success).toBe(true);
    expect(TableTournamentSchema.parse({ ...tournament, deal: proposed }).deal).toEqual(proposed);
    expect(TableTournamentSchema.safeParse({ ...tournament, deal: null }).success).toBe(true);
  });

  it('refuses a bad deal view', () => {
    expect(TableDealSchema.safeParse({ ...proposed, phase: 'agreed' }).success).toBe(false);
    expect(TableDealSchema.safeParse({ ...proposed, players: proposed.players.slice(0, 1) }).success).toBe(
      false,
    );
    const negative = { ...proposed, players: [{ ...proposed.players[0], icm: -1 }, proposed.players[1]] };
    expect(TableDealSchema.safeParse(negative).success).toBe(false);
    const choice = {
      ...proposed,
      players: [{ ...proposed.players[0], accepted: 'half' }, proposed.players[1]],
    };
    expect(TableDealSchema.safeParse(choice).success).toBe(false);
  });

  it('takes an ask, a withdrawal, an acceptance of one proposal or a decline, nothing else', () => {
    for (const body of [
      { action: 'ask' },
      { action: 'withdraw' },
      { action: 'accept', choice: 'icm' },
      { action: 'accept', choice: 'chip-chop' },
      { action: 'decline' },
    ])
      expect(TournamentDealRequestSchema.safeParse(body).success).toBe(true);
    for (const body of [{}, { action: 'accept' }, { action: 'accept', choice: 'even' }, { action: 'pay' }])
      expect(TournamentDealRequestSchema.safeParse(body).success).toBe(false);
  });
});
