// Each detector on a small scripted set of hands played through the engine: what raises its flag,
// with which hands, and what does not.
import { describe, expect, it } from 'vitest';
import {
  humanThinking,
  playSession,
  type ScriptedPlayer,
  type SessionOptions,
} from '../testing/colludingTable.js';
import { pairFlags, playerFlags, THRESHOLDS, type DetectorFlag } from './detectors.js';
import { handSignals, headsUpEquity, type ObservedHand } from './handSignals.js';
import { parseCard } from '@tenger/engine';
import { foldHand, TallyMap } from './tallies.js';

const HOUR = 3_600_000;
const honest = (...ids: number[]): ScriptedPlayer[] => ids.map((userId) => ({ userId, role: 'honest' }));
const session = (options: Partial<SessionOptions> & Pick<SessionOptions, 'players'>): ObservedHand[] =>
  playSession({ tableId: 1, hands: 30, seed: 9, startAt: new Date('2026-11-01T10:00:00Z'), ...options });

function flagsOf(hands: readonly ObservedHand[]): DetectorFlag[] {
  const tallies = new TallyMap();
  for (const hand of hands) foldHand(tallies, handSignals(hand));
  return [
    ...[...tallies.pairs.values()].flatMap((p) => pairFlags(p, (id) => tallies.players.get(id))),
    ...[...tallies.players.values()].flatMap(playerFlags),
  ];
}
const ofKind = (flags: DetectorFlag[], kind: DetectorFlag['kind']) => flags.filter((f) => f.kind === kind);

describe('the equity a dump is judged by', () => {
  const cards = (text: string) => text.split(' ').map(parseCard);
  it('is exact from the flop on and the same every time before it', () => {
    // 7-2 against trip aces on the flop: only runner-runner sevens or deuces would do, and not even those.
    expect(headsUpEquity(cards('7c 2d'), cards('As Ah'), cards('Ad Kc Qh'), [], false)).toBeLessThan(0.01);
    expect(headsUpEquity(cards('7c 2d'), cards('As Ah'), cards('Ad Kc Qh 7h 7d'), [], false)).toBe(0);
    const preflop = headsUpEquity(cards('As Ah'), cards('7c 2d'), [], [], false);
    expect(preflop).toBeGreaterThan(0.83);
    expect(preflop).toBeLessThan(0.92);
    expect(headsUpEquity(cards('As Ah'), cards('7c 2d'), [], [], false)).toBe(preflop);
  });
});

describe('bot-like timing', () => {
  it('flags the player whose decisions all take about the same time, with hands, and no human', () => {
    const players = [
      ...honest(1, 2, 3),
      {
        userId: 4,
        role: 'honest' as const,
        thinkMs: (random: () => number) => 1500 + Math.round(random() * 40),
      },
    ];
    const flags = ofKind(flagsOf(session({ players, hands: 80 })), 'bot_timing');
    expect(flags.map((f) => f.userIds)).toEqual([[4]]);
    expect(flags[0].measures.decisions).toBeGreaterThanOrEqual(THRESHOLDS.timedDecisions);
    expect(flags[0].measures.deviationMs).toBeLessThan(THRESHOLDS.timingDeviationMs);
    expect(flags[0].handIds.length).toBeGreaterThan(0);
  });

  it('waits for enough decisions before it judges', () => {
    const players = [...honest(1, 2), { userId: 4, role: 'honest' as const, thinkMs: () => 1500 }];
    expect(ofKind(flagsOf(session({ players, hands: 5 })), 'bot_timing')).toEqual([]);
  });
});

describe('play without breaks', () => {
  it('flags more than eight hours without a 30-minute break, naming its first and last hands', () => {
    const players = honest(1, 2, 3);
    const hands = session({ players, hands: 55, handEveryMs: 10 * 60_000 });
    const flags = ofKind(flagsOf(hands), 'long_sessions');
    expect(flags.map((f) => f.userIds[0]).sort()).toEqual([1, 2, 3]);
    expect(flags[0].handIds).toEqual([hands[0].handId, hands.at(-1)!.handId]);
    expect(flags[0].measures.hours).toBeGreaterThan(8);
  });

  it('a break of 30 minutes starts a new sitting', () => {
    const players = honest(1, 2, 3);
    const first = session({ players, hands: 28, handEveryMs: 10 * 60_000 });
    const second = session({
      players,
      hands: 28,
      handEveryMs: 10 * 60_000,
      startAt: new Date(first.at(-1)!.endedAt.getTime() + 31 * 60_000),
      firstHandNumber: 100,
    });
    expect(ofKind(flagsOf([...first, ...second]), 'long_sessions')).toEqual([]);
  });
});

describe('frequent co-seating', () => {
  it('flags the two who sit together at every sitting while the others come and go', () => {
    const hands: ObservedHand[] = [];
    for (let day = 0; day < 6; day++) {
      hands.push(
        ...session({
          players: honest(1, 2, 10 + day, 20 + day),
          hands: 5,
          seed: day + 1,
          tableId: day + 1,
          startAt: new Date(Date.parse('2026-11-01T10:00:00Z') + day * 24 * HOUR),
        }),
      );
    }
    const flags = ofKind(flagsOf(hands), 'co_seating');
    expect(flags.map((f) => f.userIds)).toEqual([[1, 2]]);
    expect(flags[0].measures.sittings).toBe(6);
    expect(flags[0].handIds.length).toBe(20);
  });

  it('one long sitting together is not frequent co-seating', () => {
    expect(ofKind(flagsOf(session({ players: honest(1, 2, 3), hands: 60 })), 'co_seating')).toEqual([]);
  });
});

describe('a shared address at one table', () => {
  it('flags the two seated from the same address, with the hands they played together', () => {
    const addresses = new Map([
      [1, '10.0.0.7'],
      [2, '10.0.0.7'],
      [3, '10.0.0.8'],
    ]);
    const hands = session({ players: honest(1, 2, 3), hands: 4, addresses });
    const flags = ofKind(flagsOf(hands), 'shared_address');
    expect(flags.map((f) => f.userIds)).toEqual([[1, 2]]);
    expect(flags[0].handIds).toEqual(hands.map((h) => h.handId));
  });
});

describe('honest play', () => {
  it('people thinking like people, at one sitting, raise nothing', () => {
    const players = honest(1, 2, 3, 4, 5).map((p) => ({ ...p, thinkMs: humanThinking }));
    expect(flagsOf(session({ players, hands: 120 }))).toEqual([]);
  });
});
