import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseBotAction, seededChance } from './cli/bots.js';
import { applyAction, createHand } from './hand.js';
import type {
  ActionType,
  HandConfig,
  HandEvent,
  HandState,
  LegalActions,
  PlayerAction,
} from './hand-types.js';
import { replayPHH, toPHH } from './phh.js';
import { handRecord } from './record.js';
import { legalActions } from './rules.js';
import { eventsFor, viewFor } from './view.js';

const configArb: fc.Arbitrary<HandConfig> = fc
  .record({
    variant: fc.constantFrom('holdem-nl' as const, 'omaha-pl' as const, 'omaha-nl' as const),
    seats: fc.uniqueArray(fc.integer({ min: 0, max: 8 }), { minLength: 2, maxLength: 9 }),
    stacks: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 9, maxLength: 9 }),
    button: fc.integer({ min: 0, max: 8 }),
    smallBlind: fc.integer({ min: 1, max: 5 }),
    extraBig: fc.integer({ min: 0, max: 5 }),
    ante: fc.constantFrom(0, 0, 1, 2, 3),
    bigBlindAnte: fc.boolean(),
    rake: fc.option(
      fc.record({ percent: fc.constantFrom(2.5, 5, 10), cap: fc.integer({ min: 0, max: 50 }) }),
    ),
    deck: fc.shuffledSubarray(
      Array.from({ length: 52 }, (_, i) => i),
      { minLength: 52, maxLength: 52 },
    ),
    newcomer: fc.integer({ min: 0, max: 20 }),
    deadSmall: fc.boolean(),
    sittingOut: fc.integer({ min: 0, max: 30 }),
  })
  .map((r) => ({
    variant: r.variant,
    seats: r.seats.map((seat, i) => ({
      seat,
      playerId: `player-${seat}`,
      // Keep at least two funded players so the config is valid.
      stack: i < 2 ? Math.max(1, r.stacks[i]) : r.stacks[i],
      postsBigBlind: i === r.newcomer || undefined,
      postsDeadSmallBlind: (i === r.newcomer && r.deadSmall) || undefined,
      // Seats 0 and 1 always play, so the config stays valid.
      sittingOut: (i >= 2 && i === r.sittingOut) || undefined,
    })),
    button: r.button,
    smallBlind: r.smallBlind,
    bigBlind: r.smallBlind + r.extraBig,
    ante: r.ante || undefined,
    anteKind: r.bigBlindAnte ? ('big-blind' as const) : undefined,
    rake: r.rake ?? undefined,
    deck: r.deck,
    handNumber: 7,
  }));

interface Played {
  states: HandState[];
  events: HandEvent[][];
  actions: PlayerAction[];
}

function play(config: HandConfig, seed: number): Played {
  const created = createHand(config);
  if ('error' in created) throw new Error(created.error.message);
  const chance = seededChance(seed);
  const states = [created.state];
  const events = [created.events];
  const actions: PlayerAction[] = [];
  for (let guard = 0; guard < 500; guard++) {
    const state = states[states.length - 1];
    const action = chooseBotAction(state, chance);
    if (!action) return { states, events, actions };
    const result = applyAction(state, action);
    if ('error' in result) throw new Error(`bot action refused: ${result.error.message}`);
    actions.push(action);
    states.push(result.state);
    events.push(result.events);
  }
  throw new Error('hand did not end');
}

const chipsOf = (state: HandState) =>
  state.seats.reduce((sum, s) => sum + s.stack + (state.phase === 'complete' ? 0 : s.committed), 0);

function isListed(legal: LegalActions, action: PlayerAction): boolean {
  if (action.seat !== legal.seat) return false;
  return legal.actions.some((a) => {
    if (a.type === 'allin' && (action.type === 'bet' || action.type === 'raise'))
      return action.amount === a.min;
    if (a.type !== action.type) return false;
    if (a.type === 'bet' || a.type === 'raise')
      return action.amount !== undefined && action.amount >= a.min && action.amount <= a.max;
    // An amount on a fold or check is ignored, but it must still be a whole number of chips.
    if (a.type === 'fold' || a.type === 'check') return action.amount === undefined || action.amount >= 0;
    return action.amount === undefined || action.amount === a.min;
  });
}

const runs = { numRuns: 120 };
// Property tests play a few hundred random hands each; give them room on a busy machine.
const slow = 60_000;

describe('hand properties', () => {
  it(
    'chips are conserved in every hand: stacks plus pot plus rake always equal what the seats brought',
    () => {
      fc.assert(
        fc.property(configArb, fc.integer(), (config, seed) => {
          const start = config.seats.reduce((sum, s) => sum + s.stack, 0);
          const { states } = play(config, seed);
          for (const state of states) {
            expect(chipsOf(state) + state.rake).toBe(start);
            for (const s of state.seats) expect(s.stack).toBeGreaterThanOrEqual(0);
          }
          const last = states[states.length - 1];
          expect(last.phase).toBe('complete');
          expect(last.results.reduce((sum, r) => sum + r.amount + r.rake, 0)).toBe(
            last.seats.reduce((sum, s) => sum + s.committed, 0),
          );
        }),
        runs,
      );
    },
    slow,
  );

  it(
    'every action the engine accepts is in legalActions and everything outside is refused',
    () => {
      const types: ActionType[] = ['fold', 'check', 'call', 'bet', 'raise', 'allin'];
      fc.assert(
        fc.property(
          configArb,
          fc.integer(),
          fc.array(
            fc.tuple(
              fc.integer({ min: 0, max: 8 }),
              fc.constantFrom(...types),
              fc.option(fc.integer({ min: -2, max: 500 })),
            ),
            {
              minLength: 5,
              maxLength: 5,
            },
          ),
          (config, seed, probes) => {
            const { states } = play(config, seed);
            for (const state of states) {
              const legal = legalActions(state);
              const candidates: PlayerAction[] = probes.map(([seat, type, amount]) => ({
                seat,
                type,
                amount: amount ?? undefined,
              }));
              if (legal) {
                for (const a of legal.actions) {
                  candidates.push({
                    seat: legal.seat,
                    type: a.type,
                    amount: a.type === 'fold' || a.type === 'check' ? undefined : a.min,
                  });
                  candidates.push({ seat: legal.seat, type: a.type, amount: a.max + 1 });
                  candidates.push({ seat: legal.seat, type: a.type, amount: a.min - 1 });
                  candidates.push({ seat: (legal.seat + 1) % 9, type: a.type, amount: a.min });
                }
              }
              for (const action of candidates) {
                const result = applyAction(state, action);
                expect('state' in result, JSON.stringify({ action, legal })).toBe(
                  legal !== null && isListed(legal, action),
                );
              }
            }
          },
        ),
        runs,
      );
    },
    slow,
  );

  it(
    "a view never holds another seat's hidden cards",
    () => {
      fc.assert(
        fc.property(configArb, fc.integer(), (config, seed) => {
          const { states, events } = play(config, seed);
          const viewers = [null, ...config.seats.map((s) => s.seat)];
          // Every state of the hand, seen by every seat and by a spectator.
          states.forEach((state, i) => {
            for (const viewer of viewers) {
              const view = viewFor(state, viewer);
              for (const seat of view.seats) {
                const truth = state.seats.find((s) => s.seat === seat.seat)!;
                if (truth.shownCards) expect(seat.cards).toEqual(truth.shownCards);
                else if (seat.seat === viewer && truth.inHand) expect(seat.cards).toEqual(truth.holeCards);
                else expect(seat.cards).toBeNull();
                if (truth.mucked && seat.seat !== viewer) expect(seat.cards).toBeNull();
              }
              expect(JSON.stringify(view)).not.toMatch(/holeCards|deck/);
              for (const e of eventsFor(events[i], viewer)) {
                if (e.type === 'hole-cards-dealt' && e.seat !== viewer) expect(e.cards).toBeNull();
              }
            }
          });
        }),
        runs,
      );
    },
    slow,
  );

  it(
    'the same config and actions replay the same hand to the chip',
    () => {
      fc.assert(
        fc.property(configArb, fc.integer(), (config, seed) => {
          const first = play(config, seed);
          let state = (createHand(config) as { state: HandState }).state;
          for (const action of first.actions)
            state = (applyAction(state, action) as { state: HandState }).state;
          expect(JSON.stringify(state)).toBe(JSON.stringify(first.states[first.states.length - 1]));
        }),
        runs,
      );
    },
    slow,
  );

  it(
    'PHH round trip: an exported hand replays to the same finishing stacks',
    () => {
      fc.assert(
        fc.property(configArb, fc.integer(), (config, seed) => {
          const { states } = play(config, seed);
          const last = states[states.length - 1];
          const record = handRecord(last)!;
          const result = replayPHH(toPHH(record));
          if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}\n${toPHH(record)}`);
          const bySeat = new Map(result.replay.state.seats.map((s) => [s.seat, s.stack]));
          for (const s of last.seats) if (s.inHand) expect(bySeat.get(s.seat)).toBe(s.stack);
        }),
        runs,
      );
    },
    slow,
  );
});
