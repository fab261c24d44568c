import { describe, expect, it } from 'vitest';
import {
  TableClientMessageSchema,
  TableEventSchema,
  TableServerMessageSchema,
  TableTournamentSchema,
} from './index.js';

describe('table channel client messages', () => {
  it('accepts a sit with a seat and a whole buy-in', () => {
    expect(
      TableClientMessageSchema.safeParse({ type: 'SIT', seat: 3, amount: 5000, requestId: 'r1' }).success,
    ).toBe(true);
  });
  it.each([-1, 1.5, Number.NaN, 0, '100'])('refuses the buy-in %s', (amount) => {
    expect(TableClientMessageSchema.safeParse({ type: 'SIT', seat: 3, amount }).success).toBe(false);
  });
  it('a SEED is 1–64 printable ASCII characters, kept verbatim (spaces included)', () => {
    const parsed = TableClientMessageSchema.parse({ type: 'SEED', seed: ' my seed ~!' });
    expect(parsed).toEqual({ type: 'SEED', seed: ' my seed ~!' });
    expect(TableClientMessageSchema.safeParse({ type: 'SEED', seed: 'x'.repeat(64) }).success).toBe(true);
  });
  it.each(['', 'x'.repeat(65), 'tab\there', 'nul\u0000', 'тэнгэр', 'é', 42, null])(
    'refuses the seed %j',
    (seed) => {
      expect(TableClientMessageSchema.safeParse({ type: 'SEED', seed }).success).toBe(false);
    },
  );
  it('refuses a seat outside 0..8', () => {
    expect(TableClientMessageSchema.safeParse({ type: 'SIT', seat: 9, amount: 100 }).success).toBe(false);
  });
  it('an action names the hand it is meant for', () => {
    expect(TableClientMessageSchema.safeParse({ type: 'ACTION', action: 'raise', amount: 400 }).success).toBe(
      false,
    );
    expect(
      TableClientMessageSchema.safeParse({
        type: 'ACTION',
        action: 'raise',
        amount: 400,
        handNumber: 7,
        stateId: 3,
      }).success,
    ).toBe(true);
  });
  it.each([-5, 2.5, Number.NaN])('refuses the action amount %s', (amount) => {
    expect(
      TableClientMessageSchema.safeParse({ type: 'ACTION', action: 'bet', amount, handNumber: 1 }).success,
    ).toBe(false);
  });
  it('WAITLIST joins or leaves the waiting list, nothing else', () => {
    expect(TableClientMessageSchema.safeParse({ type: 'WAITLIST', join: true }).success).toBe(true);
    expect(
      TableClientMessageSchema.safeParse({ type: 'WAITLIST', join: false, requestId: 'w' }).success,
    ).toBe(true);
    expect(TableClientMessageSchema.safeParse({ type: 'WAITLIST' }).success).toBe(false);
  });
  it('refuses unknown message types', () => {
    expect(TableClientMessageSchema.safeParse({ type: 'STEAL', seat: 1 }).success).toBe(false);
  });
});

describe('table channel server messages', () => {
  it('hole cards travel as strings like "As"', () => {
    const ok = TableEventSchema.safeParse({
      type: 'hole-cards-dealt',
      seat: 1,
      count: 2,
      cards: ['As', 'Td'],
    });
    expect(ok.success).toBe(true);
    const bad = TableEventSchema.safeParse({ type: 'hole-cards-dealt', seat: 1, count: 2, cards: [51, 34] });
    expect(bad.success).toBe(false);
  });
  it('an event frame carries a sequence number', () => {
    const frame = { type: 'EVENT', seq: 12, event: { type: 'sat-out', seat: 2 } };
    expect(TableServerMessageSchema.safeParse(frame).success).toBe(true);
    expect(TableServerMessageSchema.safeParse({ ...frame, seq: undefined }).success).toBe(false);
  });
  it('a reject carries a code the client can translate', () => {
    const frame = { type: 'REJECT', requestId: 'a', code: 'not_your_turn', message: 'Wait for your turn' };
    expect(TableServerMessageSchema.safeParse(frame).success).toBe(true);
    expect(TableServerMessageSchema.safeParse({ ...frame, code: 'whatever' }).success).toBe(false);
    // One vocabulary: the old kebab-case spelling is no code at all.
    expect(TableServerMessageSchema.safeParse({ ...frame, code: 'not-your-turn' }).success).toBe(false);
  });
  it('a busted seat carries the deadline of its offer to add chips (whole epoch ms)', () => {
    const seat = {
      seat: 2,
      userId: 5,
      username: 'bat',
      isBot: false,
      stack: 0,
      status: 'sitting-out',
      connected: true,
      timeBankMs: 0,
      pendingRecharge: null,
      bustOfferDeadline: 1_700_000_060_000,
    };
    expect(TableEventSchema.safeParse({ type: 'seat-updated', seat }).success).toBe(true);
    const bad = { ...seat, bustOfferDeadline: 1.5 };
    expect(TableEventSchema.safeParse({ type: 'seat-updated', seat: bad }).success).toBe(false);
    const { bustOfferDeadline: _, ...plain } = seat;
    expect(TableEventSchema.safeParse({ type: 'seat-taken', seat: plain }).success).toBe(true);
  });
  it('the waiting list travels in table-updated: who waits, in order, and the seat held until a deadline', () => {
    const waitlist = { userIds: [5, 9], offer: { userId: 5, seat: 3, deadline: 1_700_000_030_000 } };
    const table = {
      tableId: 7,
      name: 'Unit',
      variant: 'holdem',
      betting: 'no-limit',
      smallBlind: 50,
      bigBlind: 100,
      minBuyIn: 2_000,
      maxBuyIn: 10_000,
      maxPlayers: 6,
      status: 'playing',
      actionTimeSeconds: 20,
      button: 0,
      handsPlayed: 3,
    };
    expect(TableEventSchema.safeParse({ type: 'table-updated', table: { ...table, waitlist } }).success).toBe(
      true,
    );
    const empty = { userIds: [], offer: null };
    expect(
      TableEventSchema.safeParse({ type: 'table-updated', table: { ...table, waitlist: empty } }).success,
    ).toBe(true);
    const bad = { ...waitlist, offer: { ...waitlist.offer, seat: 12 } };
    expect(
      TableEventSchema.safeParse({ type: 'table-updated', table: { ...table, waitlist: bad } }).success,
    ).toBe(false);
  });
});

describe('a tournament at its table', () => {
  const tournament = {
    tournamentId: 4,
    level: 3,
    ante: 40,
    anteKind: 'big-blind',
    isBreak: false,
    levelEndsAt: 1_800_000_000_000,
    nextLevel: { smallBlind: 30, bigBlind: 60, ante: 60, isBreak: false },
    playersLeft: 7,
    entrants: 9,
    averageStack: 1_928,
    handForHand: false,
  };

  it('the table-updated event carries the level, its clock and the field', () => {
    const { seats: _seats, ...table } = {
      tableId: 12,
      name: 'Sit & Go · 1',
      variant: 'holdem',
      betting: 'no-limit',
      smallBlind: 20,
      bigBlind: 40,
      minBuyIn: 0,
      maxBuyIn: 0,
      maxPlayers: 9,
      status: 'waiting',
      actionTimeSeconds: 20,
      seats: [],
      button: null,
      handsPlayed: 3,
      tournament,
    };
    void _seats;
    expect(TableEventSchema.parse({ type: 'table-updated', table }).type).toBe('table-updated');
    expect(
      TableEventSchema.safeParse({
        type: 'table-updated',
        table: { ...table, tournament: { ...tournament, averageStack: 1.5 } },
      }).success,
    ).toBe(false);
  });

  it('a progressive knockout table carries the bounty on each seated head, in whole tugrik', () => {
    const pko = {
      ...tournament,
      bounties: [
        { userId: 3, bounty: 2_500 },
        { userId: 8, bounty: 0 },
      ],
    };
    expect(TableTournamentSchema.parse(pko).bounties).toEqual(pko.bounties);
    expect(TableTournamentSchema.parse(tournament).bounties).toBeUndefined();
    for (const bad of [
      { userId: 3, bounty: 12.5 },
      { userId: 3, bounty: -1 },
      { userId: 0, bounty: 10 },
    ])
      expect(TableTournamentSchema.safeParse({ ...tournament, bounties: [bad] }).success).toBe(false);
  });

  it('a finish names the player, the place and the prize; a move the table and seat to follow', () => {
    expect(
      TableEventSchema.parse({ type: 'tournament-finish', userId: 3, place: 2, prize: 31_500, entrants: 9 }),
    ).toMatchObject({ place: 2, prize: 31_500 });
    expect(
      TableEventSchema.safeParse({ type: 'tournament-finish', userId: 3, place: 0, prize: 0, entrants: 9 })
        .success,
    ).toBe(false);
    expect(
      TableEventSchema.parse({
        type: 'tournament-move',
        userId: 3,
        tableId: 14,
        tableName: 'MTT · 2',
        seat: 5,
      }),
    ).toMatchObject({ tableId: 14, seat: 5 });
    expect(
      TableServerMessageSchema.safeParse({
        type: 'SNAPSHOT',
        seq: 9,
        viewer: { userId: 3, seat: null, movedTo: { tableId: 14, tableName: 'MTT · 2', seat: 5 } },
        table: {
          tableId: 12,
          name: 'MTT · 1',
          variant: 'holdem',
          betting: 'no-limit',
          smallBlind: 20,
          bigBlind: 40,
          minBuyIn: 0,
          maxBuyIn: 0,
          maxPlayers: 9,
          status: 'waiting',
          actionTimeSeconds: 20,
          seats: [],
          button: null,
          handsPlayed: 3,
          tournament,
        },
        hand: null,
        jackpot: { amount: 0 },
      }).success,
    ).toBe(true);
  });
});
