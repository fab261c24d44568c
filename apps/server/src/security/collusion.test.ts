// Issue 24's "Done when": two colluding players (one dumps chips to the other, they soft-play each
// other) among honest players for a few hundred hands, played through the engine; the detectors, fed
// the hand records one by one as the scan does, flag both with evidence hands and no honest player.
import { describe, expect, it } from 'vitest';
import { playSession, type ScriptedPlayer } from '../testing/colludingTable.js';
import { pairFlags, playerFlags, type DetectorFlag } from './detectors.js';
import { handSignals, type ObservedHand } from './handSignals.js';
import { foldHand, TallyMap } from './tallies.js';

const DUMPER = 101;
const RECEIVER = 102;
const HONEST = [201, 202, 203, 204];

function detect(hands: readonly ObservedHand[]): DetectorFlag[] {
  const tallies = new TallyMap();
  for (const hand of hands) foldHand(tallies, handSignals(hand));
  return [
    ...[...tallies.pairs.values()].flatMap((p) => pairFlags(p, (id) => tallies.players.get(id))),
    ...[...tallies.players.values()].flatMap(playerFlags),
  ];
}

describe('a colluding pair among honest players', () => {
  it.each([1, 2, 3])(
    'over 400 hands (deal seed %i) both colluders are flagged for chip dumping and soft play, with the hands; no honest player is',
    (seed) => {
      const players: ScriptedPlayer[] = [
        { userId: HONEST[0], role: 'honest' },
        { userId: DUMPER, role: 'dumper' },
        { userId: HONEST[1], role: 'honest' },
        { userId: HONEST[2], role: 'honest' },
        { userId: RECEIVER, role: 'receiver' },
        { userId: HONEST[3], role: 'honest' },
      ];
      const hands = playSession({
        tableId: 7,
        players,
        hands: 400,
        seed,
        startAt: new Date('2026-11-01T12:00:00Z'),
      });
      const flags = detect(hands);

      const dumping = flags.find((f) => f.kind === 'chip_dumping');
      expect(dumping?.userIds).toEqual([DUMPER, RECEIVER]);
      expect(dumping!.measures.dumps).toBeGreaterThanOrEqual(8);
      // Every evidence hand is one where the dumper lost chips and the receiver won them.
      const byId = new Map(hands.map((h) => [h.handId, h]));
      expect(dumping!.handIds.length).toBeGreaterThanOrEqual(8);
      for (const handId of dumping!.handIds) {
        const seats = byId.get(handId)!.record.seats;
        expect(seats[1].net).toBeLessThan(0);
        expect(seats[4].net).toBeGreaterThan(0);
      }

      const soft = flags.find((f) => f.kind === 'soft_play');
      expect(soft?.userIds).toEqual([DUMPER, RECEIVER]);
      expect(soft!.handIds.length).toBeGreaterThan(0);
      for (const handId of soft!.handIds) {
        const seats = byId.get(handId)!.record.seats;
        expect(seats[1].dealtIn && seats[4].dealtIn).toBe(true);
      }

      expect(flags.filter((f) => f.userIds.some((id) => HONEST.includes(id)))).toEqual([]);
    },
  );

  it('honest players alone raise no flag', () => {
    const players: ScriptedPlayer[] = [...HONEST, 205, 206].map((userId) => ({ userId, role: 'honest' }));
    expect(
      detect(
        playSession({ tableId: 8, players, hands: 400, seed: 4, startAt: new Date('2026-11-02T12:00:00Z') }),
      ),
    ).toEqual([]);
  });
});
