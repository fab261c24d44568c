// Random hands dealt by the version-2 protocol, for the verifier and leak tests (test-only).
import fc from 'fast-check';
import { chooseBotAction, seededChance } from './cli/bots.js';
import { commitToDeck, dealtDeck, type CommittedDeck, type PlayerSeed } from './fair2.js';
import { applyAction, createHand } from './hand.js';
import type { HandConfig, HandEvent, HandState } from './hand-types.js';

export interface DealtHand {
  committed: CommittedDeck;
  handId: string;
  seeds: PlayerSeed[];
  states: HandState[];
  events: HandEvent[];
}

export const dealtHandArb: fc.Arbitrary<DealtHand> = fc
  .record({
    variant: fc.constantFrom('holdem-nl' as const, 'omaha-pl' as const, 'omaha-nl' as const),
    seats: fc.uniqueArray(fc.integer({ min: 0, max: 8 }), { minLength: 2, maxLength: 9 }),
    stacks: fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 9, maxLength: 9 }),
    button: fc.integer({ min: 0, max: 8 }),
    deck: fc.shuffledSubarray(
      Array.from({ length: 52 }, (_, i) => i),
      { minLength: 52, maxLength: 52 },
    ),
    salt: fc.uint8Array({ minLength: 16, maxLength: 16 }),
    seeds: fc.array(fc.string({ unit: fc.constantFrom(...' !az~09AZ'), maxLength: 64 }), {
      minLength: 9,
      maxLength: 9,
    }),
    handId: fc.uuid(),
    botSeed: fc.integer(),
  })
  .map((r) => {
    const salts = Array.from({ length: 52 }, (_, i) => r.salt.map((b) => b ^ i));
    const committed = commitToDeck(r.deck, salts);
    const seats = [...r.seats].sort((a, b) => a - b);
    const seeds = seats.map((seat, i) => ({ seat, userId: 100 + seat, seed: r.seeds[i] }));
    const config: HandConfig = {
      variant: r.variant,
      seats: seats.map((seat, i) => ({ seat, playerId: String(100 + seat), stack: r.stacks[i] * 10 })),
      button: r.button,
      smallBlind: 5,
      bigBlind: 10,
      deck: dealtDeck(committed, r.handId, seeds),
      handNumber: 1,
      deckCommitment: committed.deckCommitment,
    };
    return { ...play(config, r.botSeed), committed, handId: r.handId, seeds };
  });

function play(config: HandConfig, seed: number): { states: HandState[]; events: HandEvent[] } {
  const created = createHand(config);
  if ('error' in created) throw new Error(created.error.message);
  const chance = seededChance(seed);
  const states = [created.state];
  const events = [...created.events];
  for (let guard = 0; guard < 500; guard++) {
    const action = chooseBotAction(states[states.length - 1], chance);
    if (!action) return { states, events };
    const result = applyAction(states[states.length - 1], action);
    if ('error' in result) throw new Error(result.error.message);
    states.push(result.state);
    events.push(...result.events);
  }
  throw new Error('hand did not end');
}
