import { describe, expect, it } from 'vitest';
import { formatCards, parseCards } from './cards.js';
import { applyAction, arrangeDeck, createHand, handHistory } from './hand.js';
import type { ActionType, HandConfig, HandEvent, HandState, SeatConfig } from './hand-types.js';
import { legalActions } from './rules.js';

interface Setup extends Partial<Omit<HandConfig, 'seats' | 'deck'>> {
  stacks?: number[];
  seats?: SeatConfig[];
  holes?: Record<number, string>;
  board?: string;
}

function setup(options: Setup = {}): { state: HandState; events: HandEvent[] } {
  const seats =
    options.seats ??
    (options.stacks ?? [100, 100, 100]).map((stack, seat) => ({ seat, playerId: `p${seat}`, stack }));
  const base = {
    variant: options.variant ?? 'holdem-nl',
    seats,
    button: options.button ?? 0,
    smallBlind: options.smallBlind ?? 1,
    bigBlind: options.bigBlind ?? 2,
    ante: options.ante,
    rake: options.rake,
    handNumber: options.handNumber ?? 1,
  } satisfies Omit<HandConfig, 'deck'>;
  const holes: Record<number, number[]> = {};
  if (options.holes)
    for (const [seat, text] of Object.entries(options.holes)) holes[Number(seat)] = parseCards(text);
  const deck = options.holes ? arrangeDeck(base, holes, parseCards(options.board ?? '')) : defaultDeck();
  const created = createHand({ ...base, deck });
  if ('error' in created) throw new Error(created.error.message);
  return created;
}

function defaultDeck(): number[] {
  return Array.from({ length: 52 }, (_, i) => (i * 7) % 52);
}

function act(state: HandState, seat: number, type: ActionType, amount?: number): HandState {
  return actWithEvents(state, seat, type, amount).state;
}

function actWithEvents(state: HandState, seat: number, type: ActionType, amount?: number) {
  const result = applyAction(state, { seat, type, amount });
  if ('error' in result) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
}

function refusal(state: HandState, seat: number, type: ActionType, amount?: number): string {
  const result = applyAction(state, { seat, type, amount });
  if (!('error' in result)) throw new Error(`expected ${type} ${amount ?? ''} by seat ${seat} to be refused`);
  return result.error.code;
}

const stacks = (state: HandState) => state.seats.map((s) => s.stack);
const option = (state: HandState, type: ActionType) =>
  legalActions(state)?.actions.find((a) => a.type === type);

describe('blinds and order of play', () => {
  it('the seats left of the button post the blinds and the next seat acts first preflop', () => {
    const { state, events } = setup({ stacks: [100, 100, 100, 100], button: 0 });
    expect(state.smallBlindSeat).toBe(1);
    expect(state.bigBlindSeat).toBe(2);
    expect(state.toAct).toBe(3);
    expect(events.filter((e) => e.type === 'blind-posted')).toEqual([
      { type: 'blind-posted', seat: 1, post: 'small-blind', amount: 1, allIn: false },
      { type: 'blind-posted', seat: 2, post: 'big-blind', amount: 2, allIn: false },
    ]);
  });

  it('heads-up the button posts the small blind, acts first preflop and last after the flop', () => {
    let { state } = setup({ stacks: [100, 100], button: 1 });
    expect(state.smallBlindSeat).toBe(1);
    expect(state.bigBlindSeat).toBe(0);
    expect(state.toAct).toBe(1);
    state = act(state, 1, 'call');
    expect(state.toAct).toBe(0);
    state = act(state, 0, 'check');
    expect(state.phase).toBe('flop');
    expect(state.toAct).toBe(0);
    state = act(state, 0, 'check');
    expect(state.toAct).toBe(1);
  });

  it('the big blind gets the option to raise when everyone limps', () => {
    let { state } = setup({ stacks: [100, 100, 100] });
    state = act(state, 0, 'call');
    state = act(state, 1, 'call');
    expect(state.toAct).toBe(2);
    expect(legalActions(state)?.actions.map((a) => a.type)).toEqual(['check', 'raise', 'allin']);
  });

  it('with a dead button the first seat dealt in after it posts the small blind', () => {
    const { state } = setup({
      seats: [
        { seat: 2, playerId: 'a', stack: 100 },
        { seat: 5, playerId: 'b', stack: 100 },
        { seat: 7, playerId: 'c', stack: 100 },
      ],
      button: 4,
    });
    expect([state.smallBlindSeat, state.bigBlindSeat, state.toAct]).toEqual([5, 7, 2]);
  });

  it('heads-up with an empty button seat the small blind still acts first preflop and last after the flop', () => {
    let { state } = setup({
      seats: [
        { seat: 0, playerId: 'a', stack: 100 },
        { seat: 2, playerId: 'b', stack: 100 },
      ],
      button: 1,
    });
    expect([state.smallBlindSeat, state.bigBlindSeat, state.toAct]).toEqual([2, 0, 2]);
    state = act(state, 2, 'call');
    state = act(state, 0, 'check');
    expect(state.toAct).toBe(0);
  });

  it('a seat sitting out or without chips is not dealt in and posts nothing', () => {
    const { state } = setup({
      seats: [
        { seat: 0, playerId: 'a', stack: 100 },
        { seat: 1, playerId: 'b', stack: 100, sittingOut: true },
        { seat: 2, playerId: 'c', stack: 0 },
        { seat: 3, playerId: 'd', stack: 100 },
        { seat: 4, playerId: 'e', stack: 100 },
      ],
      button: 0,
    });
    expect([state.smallBlindSeat, state.bigBlindSeat, state.toAct]).toEqual([3, 4, 0]);
    expect(state.seats.filter((s) => s.inHand).map((s) => s.seat)).toEqual([0, 3, 4]);
    expect(state.seats[1].holeCards).toEqual([]);
  });

  it('a newcomer posts a live big blind and keeps the option to raise', () => {
    let { state } = setup({
      seats: [
        { seat: 0, playerId: 'a', stack: 100 },
        { seat: 1, playerId: 'b', stack: 100 },
        { seat: 2, playerId: 'c', stack: 100 },
        { seat: 3, playerId: 'new', stack: 100, postsBigBlind: true },
      ],
      button: 0,
    });
    expect(state.seats[3].bet).toBe(2);
    expect(state.toAct).toBe(3);
    expect(option(state, 'check')).toBeDefined();
    state = act(state, 3, 'check');
    state = act(state, 0, 'call');
    state = act(state, 1, 'call');
    expect(state.toAct).toBe(2);
    state = act(state, 2, 'check');
    expect(state.phase).toBe('flop');
    expect(state.pots).toEqual([{ amount: 8, eligible: [0, 1, 2, 3] }]);
  });

  it('a dead small blind goes into the pot without counting toward the player’s bet', () => {
    const { state } = setup({
      seats: [
        { seat: 0, playerId: 'a', stack: 100 },
        { seat: 1, playerId: 'b', stack: 100 },
        { seat: 2, playerId: 'c', stack: 100 },
        { seat: 3, playerId: 'back', stack: 100, postsBigBlind: true, postsDeadSmallBlind: true },
      ],
      button: 0,
    });
    const back = state.seats[3];
    expect([back.bet, back.committed, back.stack]).toEqual([2, 3, 97]);
    expect(legalActions(state)?.toCall).toBe(0);
  });

  it('antes are posted by every seat dealt in and are dead money', () => {
    let { state } = setup({ stacks: [100, 100, 100], ante: 1 });
    expect(state.seats.map((s) => [s.committed, s.bet])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
    state = act(state, 0, 'fold');
    state = act(state, 1, 'fold');
    expect(stacks(state)).toEqual([99, 98, 103]);
  });

  it('a big blind too short to post in full still makes the others call the full big blind', () => {
    const { state } = setup({ stacks: [100, 100, 1] });
    expect(state.seats[2].allIn).toBe(true);
    expect(legalActions(state)).toMatchObject({ seat: 0, toCall: 2 });
    expect(option(state, 'raise')?.min).toBe(4);
  });
});

describe('betting', () => {
  it('folding is not offered when the player can check', () => {
    let { state } = setup({ stacks: [100, 100, 100] });
    state = act(state, 0, 'call');
    state = act(state, 1, 'call');
    expect(refusal(state, 2, 'fold')).toBe('illegal-action');
  });

  it('the minimum raise is the size of the last full raise', () => {
    let { state } = setup({ stacks: [100, 100, 100, 100] });
    expect(option(state, 'raise')).toEqual({ type: 'raise', min: 4, max: 100 });
    state = act(state, 3, 'raise', 6);
    expect(option(state, 'raise')?.min).toBe(10);
    expect(refusal(state, 0, 'raise', 9)).toBe('bad-amount');
    state = act(state, 0, 'raise', 16);
    expect(option(state, 'raise')?.min).toBe(26);
  });

  it('the first bet after the flop is at least the big blind and later raises at least that bet', () => {
    let { state } = setup({ stacks: [100, 100, 100] });
    state = act(state, 0, 'call');
    state = act(state, 1, 'call');
    state = act(state, 2, 'check');
    expect(state.toAct).toBe(1);
    expect(option(state, 'bet')).toEqual({ type: 'bet', min: 2, max: 98 });
    state = act(state, 1, 'bet', 5);
    expect(option(state, 'raise')?.min).toBe(10);
  });

  it('an all-in for less than a full raise does not reopen betting', () => {
    let { state } = setup({ stacks: [100, 100, 100, 9] });
    state = act(state, 3, 'call');
    state = act(state, 0, 'raise', 6);
    state = act(state, 1, 'call');
    state = act(state, 2, 'call');
    // Seat 3 limped for 2 and now faces a full raise: it may raise; all-in to 9 is 3 more, less than 4.
    state = act(state, 3, 'allin');
    expect(state.currentBet).toBe(9);
    expect(state.toAct).toBe(0);
    expect(legalActions(state)?.actions.map((a) => a.type)).toEqual(['fold', 'call']);
    state = act(state, 0, 'call');
    expect(refusal(state, 1, 'raise', 20)).toBe('illegal-action');
  });

  it('the raiser facing only an incomplete all-in may call or fold but not raise again', () => {
    let { state } = setup({ stacks: [100, 100, 100, 100, 8] });
    state = act(state, 3, 'raise', 6);
    state = act(state, 4, 'allin');
    state = act(state, 0, 'call');
    state = act(state, 1, 'fold');
    state = act(state, 2, 'fold');
    expect(state.toAct).toBe(3);
    expect(legalActions(state)?.actions.map((a) => a.type)).toEqual(['fold', 'call']);
  });

  it('after an incomplete all-in the next full raise is to the all-in amount plus the last full raise', () => {
    let { state } = setup({ stacks: [100, 100, 100, 100, 9] });
    state = act(state, 3, 'raise', 6);
    state = act(state, 4, 'allin');
    expect(state.currentBet).toBe(9);
    expect(option(state, 'raise')?.min).toBe(13);
  });

  it('incomplete all-ins that add up to a full raise reopen betting', () => {
    let { state } = setup({ stacks: [100, 100, 100, 100, 8, 11] });
    state = act(state, 3, 'raise', 6);
    state = act(state, 4, 'allin');
    state = act(state, 5, 'allin');
    state = act(state, 0, 'call');
    state = act(state, 1, 'fold');
    state = act(state, 2, 'fold');
    // Seat 3 acted at 6 and now faces 11: 5 more, at least the last full raise of 4.
    expect(state.toAct).toBe(3);
    expect(option(state, 'raise')?.min).toBe(15);
  });

  it('no raise is offered when everyone else is all-in', () => {
    let { state } = setup({ stacks: [100, 100, 20] });
    state = act(state, 0, 'fold');
    state = act(state, 1, 'call');
    state = act(state, 2, 'allin');
    expect(legalActions(state)?.actions.map((a) => a.type)).toEqual(['fold', 'call']);
  });

  it('no raise is offered when no opponent can put in more than the bet: both blinds are short of the all-in they face', () => {
    // The referee's Omaha hand: the blinds hold less than the all-in in front of them, so a raise by
    // the big stack could never be called by anyone (PokerKit: "no reason to complete, bet, or raise").
    let { state } = setup({
      variant: 'omaha-nl',
      stacks: [100_000, 3_000, 5_000, 8_000],
      button: 0,
      smallBlind: 100,
      bigBlind: 200,
    });
    state = act(state, 3, 'allin');
    expect(legalActions(state)?.actions.map((a) => a.type)).toEqual(['fold', 'call']);
    expect(refusal(state, 0, 'raise', 56_773)).toBe('illegal-action');
    state = act(state, 0, 'call');
    expect(legalActions(state)?.actions.map((a) => a.type)).toEqual(['fold', 'call']);
  });

  it('a raise is still offered when one blind can put in more than the all-in it faces', () => {
    let { state } = setup({
      variant: 'omaha-nl',
      stacks: [100_000, 3_000, 9_000, 8_000],
      button: 0,
      smallBlind: 100,
      bigBlind: 200,
    });
    state = act(state, 3, 'allin');
    expect(option(state, 'raise')).toEqual({ type: 'raise', min: 15_800, max: 100_000 });
  });

  it('after the flop no bet is offered when the only other player left can only call or is all-in', () => {
    let { state } = setup({ stacks: [100, 100, 40], button: 0 });
    state = act(state, 0, 'call');
    state = act(state, 1, 'raise', 40);
    state = act(state, 2, 'call');
    state = act(state, 0, 'fold');
    // Seat 2 is all-in; seat 1 alone with chips has nobody to bet against.
    expect(state.phase).toBe('complete');
  });

  it('a call for more than the stack is an all-in call', () => {
    let { state } = setup({ stacks: [100, 100, 30] });
    state = act(state, 0, 'raise', 50);
    state = act(state, 1, 'fold');
    expect(option(state, 'call')).toEqual({ type: 'call', min: 30, max: 30 });
    state = act(state, 2, 'call');
    expect(state.seats[2].allIn).toBe(true);
  });

  it('a bet or raise of the whole stack is taken as all-in', () => {
    let { state } = setup({ stacks: [100, 100, 100] });
    state = actWithEvents(state, 0, 'raise', 100).state;
    expect(state.seats[0].allIn).toBe(true);
    expect(handHistory(state).at(-1)).toMatchObject({ kind: 'action', type: 'allin', to: 100 });
  });
});

describe('pot limit', () => {
  it('the first raise preflop is at most the pot after calling: to 7 at 1/2', () => {
    const { state } = setup({ variant: 'omaha-pl', stacks: [100, 100, 100] });
    expect(option(state, 'raise')).toEqual({ type: 'raise', min: 4, max: 7 });
    expect(option(state, 'allin')).toBeUndefined();
    expect(refusal(state, 0, 'raise', 8)).toBe('bad-amount');
  });

  it('heads-up the small blind may raise the pot to 6', () => {
    const { state } = setup({ variant: 'omaha-pl', stacks: [200, 200], button: 1 });
    expect(option(state, 'raise')?.max).toBe(6);
  });

  it('a re-raise is at most call plus the pot including the call', () => {
    let { state } = setup({ variant: 'omaha-pl', stacks: [100, 100, 100] });
    state = act(state, 0, 'raise', 7);
    // pot 1 + 2 + 7 = 10; seat 1 calls 6 more -> 16; raise by 16 -> to 23.
    expect(option(state, 'raise')?.max).toBe(23);
  });

  it('after the flop a bet is at most the pot and all-in is offered once the stack fits under it', () => {
    let { state } = setup({ variant: 'omaha-pl', stacks: [100, 100, 25] });
    state = act(state, 0, 'raise', 7);
    state = act(state, 1, 'call');
    state = act(state, 2, 'call');
    expect(state.phase).toBe('flop');
    expect(option(state, 'bet')).toEqual({ type: 'bet', min: 2, max: 21 });
    state = act(state, 1, 'check');
    expect(option(state, 'bet')).toEqual({ type: 'bet', min: 2, max: 18 });
    expect(option(state, 'allin')).toEqual({ type: 'allin', min: 18, max: 18 });
  });

  it('no-limit Omaha lets a player move all-in at any time', () => {
    const { state } = setup({ variant: 'omaha-nl', stacks: [100, 100, 100] });
    expect(option(state, 'raise')?.max).toBe(100);
    expect(option(state, 'allin')).toBeDefined();
    expect(state.seats[0].holeCards).toHaveLength(4);
  });
});

describe('ending the hand', () => {
  it('when everyone folds the uncalled raise goes back and the blinds go to the raiser', () => {
    let { state } = setup({ stacks: [100, 100, 100, 100] });
    state = act(state, 3, 'raise', 6);
    state = act(state, 0, 'fold');
    state = act(state, 1, 'fold');
    const result = actWithEvents(state, 2, 'fold');
    expect(result.events).toContainEqual({ type: 'uncalled-bet-returned', seat: 3, amount: 4 });
    expect(stacks(result.state)).toEqual([100, 99, 98, 103]);
    expect(result.state.phase).toBe('complete');
    expect(result.state.toAct).toBeNull();
    expect(refusal(result.state, 0, 'check')).toBe('hand-complete');
  });

  it('no flop, no drop: a hand won before the flop pays no rake', () => {
    let { state } = setup({ stacks: [100, 100, 100], rake: { percent: 5, cap: 10 } });
    state = act(state, 0, 'raise', 50);
    state = act(state, 1, 'call');
    state = act(state, 2, 'fold');
    expect(state.phase).toBe('flop');
    state = act(state, 1, 'check');
    state = act(state, 0, 'bet', 10);
    state = act(state, 1, 'fold');
    // pot 50 + 50 + 2 = 102, 5 % = 5 taken before it is paid.
    expect(state.rake).toBe(5);
    expect(stacks(state)).toEqual([147, 50, 98]);

    let preflop = setup({ stacks: [100, 100, 100], rake: { percent: 5, cap: 10 } }).state;
    preflop = act(preflop, 0, 'raise', 50);
    preflop = act(preflop, 1, 'fold');
    preflop = act(preflop, 2, 'fold');
    expect(preflop.rake).toBe(0);
    expect(stacks(preflop)).toEqual([103, 99, 98]);
  });

  it('applyAction returns a new state and leaves the old one untouched', () => {
    const { state } = setup({ stacks: [100, 100, 100] });
    const before = JSON.stringify(state);
    const after = act(state, 0, 'raise', 10);
    expect(JSON.stringify(state)).toBe(before);
    expect(after).not.toBe(state);
    expect(after.seats[0].stack).toBe(90);
  });

  it('refuses bad input with a code instead of throwing', () => {
    const { state } = setup({ stacks: [100, 100, 100] });
    expect(refusal(state, 1, 'call')).toBe('out-of-turn');
    expect(refusal(state, 0, 'dance' as ActionType)).toBe('unknown-action');
    expect(refusal(state, 0, 'raise')).toBe('bad-amount');
    expect(refusal(state, 0, 'raise', 2.5)).toBe('bad-amount');
    expect(refusal(state, 0, 'raise', -4)).toBe('bad-amount');
    expect(refusal(state, 0, 'bet', 10)).toBe('illegal-action');
    expect(refusal(state, 0, 'call', 7)).toBe('bad-amount');
    const none = applyAction(state, null as never);
    expect('error' in none && none.error.code).toBe('unknown-action');
    const garbage = applyAction(null as never, { seat: 0, type: 'fold' });
    expect('error' in garbage && garbage.error.code).toBe('invalid-state');
  });

  it('rejects configs that cannot make a hand', () => {
    const deck = defaultDeck();
    const base: HandConfig = {
      variant: 'holdem-nl',
      seats: [
        { seat: 0, playerId: 'a', stack: 100 },
        { seat: 1, playerId: 'b', stack: 100 },
      ],
      button: 0,
      smallBlind: 1,
      bigBlind: 2,
      deck,
      handNumber: 1,
    };
    expect('state' in createHand(base)).toBe(true);
    const bad: Partial<HandConfig>[] = [
      { variant: 'stud' as never },
      { seats: [{ seat: 0, playerId: 'a', stack: 100 }] },
      { seats: [base.seats[0], { ...base.seats[1], seat: 0 }] },
      { seats: [base.seats[0], { ...base.seats[1], stack: 1.5 }] },
      { seats: [base.seats[0], { ...base.seats[1], seat: 9 }] },
      { smallBlind: 0 },
      { smallBlind: 3 },
      { deck: deck.slice(1) },
      { deck: [...deck.slice(1), deck[1]] },
      { rake: { percent: 101, cap: 10 } },
      { rake: { percent: 5, cap: -1 } },
      { handNumber: -1 },
    ];
    for (const change of bad) {
      const result = createHand({ ...base, ...change });
      expect('error' in result && result.error.code, JSON.stringify(change)).toBe('invalid-config');
    }
  });
});

describe('showdown', () => {
  it('the best hand wins the pot at showdown and chips are conserved', () => {
    let { state } = setup({
      stacks: [100, 100],
      button: 1,
      holes: { 0: 'AcKd', 1: 'QhQs' },
      board: 'Ah7c2d9s3h',
    });
    state = act(state, 1, 'raise', 6);
    state = act(state, 0, 'call');
    for (let i = 0; i < 3; i++) {
      state = act(state, 0, 'check');
      state = act(state, 1, 'check');
    }
    expect(state.phase).toBe('complete');
    expect(stacks(state)).toEqual([106, 94]);
    expect(stacks(state).reduce((a, b) => a + b, 0)).toBe(200);
    expect(state.results[0].handName).toMatch(/Aces/);
  });

  it('the last aggressor shows first and a losing hand after it is mucked', () => {
    let { state } = setup({
      stacks: [100, 100, 100],
      holes: { 0: '9c9d', 1: 'AhKc', 2: '7d2s' },
      board: 'TsJhQd2c3h',
    });
    state = act(state, 0, 'call');
    state = act(state, 1, 'call');
    state = act(state, 2, 'check');
    state = act(state, 1, 'check');
    state = act(state, 2, 'check');
    state = act(state, 0, 'check');
    state = act(state, 1, 'check');
    state = act(state, 2, 'check');
    state = act(state, 0, 'check');
    state = act(state, 1, 'check');
    state = act(state, 2, 'bet', 4);
    state = act(state, 0, 'call');
    const result = actWithEvents(state, 1, 'call');
    const shows = result.events.filter((e) => e.type === 'cards-shown' || e.type === 'hand-mucked');
    // Seat 2 bet the river and shows first (twos); seat 0's nines beat them and show; seat 1's straight shows.
    expect(shows.map((e) => [e.type, e.seat])).toEqual([
      ['cards-shown', 2],
      ['cards-shown', 0],
      ['cards-shown', 1],
    ]);
    expect(stacks(result.state)).toEqual([94, 112, 94]);
  });

  it('a hand that cannot beat the best hand shown is mucked and never revealed', () => {
    let { state } = setup({
      stacks: [100, 100, 100],
      holes: { 0: '9c9d', 1: 'AhKc', 2: '7d2s' },
      board: 'TsJhQd2c3h',
    });
    state = act(state, 0, 'call');
    state = act(state, 1, 'call');
    state = act(state, 2, 'check');
    for (let street = 0; street < 3; street++) {
      state = act(state, 1, 'check');
      state = act(state, 2, 'check');
      state = act(state, 0, 'check');
    }
    // No river bet: first live seat left of the button (seat 1, the straight) shows first; both others muck.
    expect(state.seats.map((s) => [s.shownCards ? formatCards(s.shownCards) : null, s.mucked])).toEqual([
      [null, true],
      ['AhKc', false],
      [null, true],
    ]);
  });

  it('a split pot gives the odd chip to the first winner left of the button', () => {
    let { state } = setup({
      stacks: [100, 100, 100],
      button: 2,
      holes: { 0: '9c9d', 1: 'AhKc', 2: 'AdKh' },
      board: 'TsJhQd2c3h',
    });
    // button 2: seat 0 SB, seat 1 BB, seat 2 first to act.
    state = act(state, 2, 'raise', 5);
    state = act(state, 0, 'call');
    state = act(state, 1, 'call');
    for (let street = 0; street < 2; street++) {
      state = act(state, 0, 'check');
      state = act(state, 1, 'check');
      state = act(state, 2, 'check');
    }
    state = act(state, 0, 'check');
    state = act(state, 1, 'bet', 10);
    state = act(state, 2, 'call');
    state = act(state, 0, 'fold');
    expect(stacks(state)).toEqual([95, 103, 102]);
  });

  it('all-in players show their hands before the rest of the board is dealt, and side pots pay out', () => {
    let { state } = setup({
      stacks: [50, 150, 300, 1000],
      button: 3,
      holes: { 0: 'AhAd', 1: 'KhKd', 2: 'QcQd', 3: 'JcJd' },
      board: '2c7s9h4d3s',
    });
    state = act(state, 2, 'allin');
    state = act(state, 3, 'call');
    state = act(state, 0, 'call');
    const result = actWithEvents(state, 1, 'call');
    const kinds = result.events.map((e) => e.type);
    expect(kinds.lastIndexOf('cards-shown')).toBeLessThan(kinds.indexOf('street-dealt'));
    expect(stacks(result.state)).toEqual([200, 300, 300, 700]);
    expect(result.state.results.map((r) => [r.amount, r.winners.map((w) => w.seat)])).toEqual([
      [200, [0]],
      [300, [1]],
      [300, [2]],
    ]);
  });

  it('a big all-in called short returns the uncalled part before the run-out', () => {
    let { state } = setup({
      stacks: [500, 100],
      button: 0,
      holes: { 0: 'AsAd', 1: 'KsKd' },
      board: '2c7h9d4s3c',
    });
    state = act(state, 0, 'allin');
    const result = actWithEvents(state, 1, 'call');
    expect(result.events).toContainEqual({ type: 'uncalled-bet-returned', seat: 0, amount: 400 });
    expect(stacks(result.state)).toEqual([600, 0]);
  });

  it('rake is taken from the pot before the winner is paid, up to the cap', () => {
    let { state } = setup({
      stacks: [1000, 1000],
      button: 1,
      rake: { percent: 5, cap: 30 },
      holes: { 0: 'AcKd', 1: 'QhQs' },
      board: 'Ah7c2d9s3h',
    });
    state = act(state, 1, 'raise', 400);
    state = act(state, 0, 'call');
    for (let i = 0; i < 3; i++) {
      state = act(state, 0, 'check');
      state = act(state, 1, 'check');
    }
    expect(state.rake).toBe(30);
    expect(stacks(state)).toEqual([1370, 600]);
  });

  it('rake is shared by the main pot and the side pot in proportion to their size', () => {
    let { state } = setup({
      stacks: [100, 300, 300],
      button: 0,
      rake: { percent: 10, cap: 1000 },
      holes: { 0: 'AsAd', 1: 'KsKd', 2: 'QsQd' },
      board: '2c7h9d4s3c',
    });
    state = act(state, 0, 'allin');
    state = act(state, 1, 'raise', 300);
    state = act(state, 2, 'call');
    // main pot 300 (all three), side pot 400 (seats 1 and 2): rake 70 = 30 + 40.
    expect(state.results.map((r) => [r.amount, r.rake, r.winners])).toEqual([
      [270, 30, [{ seat: 0, amount: 270 }]],
      [360, 40, [{ seat: 1, amount: 360 }]],
    ]);
    expect(stacks(state)).toEqual([270, 360, 0]);
  });

  it('a hand that ties the best hand shown is shown too, and both share the pot', () => {
    let { state } = setup({
      stacks: [100, 100],
      button: 0,
      holes: { 0: 'AhKc', 1: 'AdKh' },
      board: 'TsJhQd2c3s',
    });
    state = act(state, 0, 'call');
    state = act(state, 1, 'check');
    for (let street = 0; street < 3; street++) {
      state = act(state, 1, 'check');
      state = act(state, 0, 'check');
    }
    expect(state.seats.map((s) => s.shownCards !== null)).toEqual([true, true]);
    expect(stacks(state)).toEqual([100, 100]);
  });

  it('heads-up, facing a big blind that is all-in short, the small blind may only call or fold', () => {
    let { state } = setup({
      stacks: [100, 1],
      button: 0,
      holes: { 0: '2c3d', 1: 'AsAd' },
      board: 'KcQh9d5s4c',
    });
    expect(legalActions(state)?.actions.map((a) => a.type)).toEqual(['fold', 'call']);
    state = act(state, 0, 'call');
    // The small blind's call above the big blind's 1 chip comes back; the board runs out.
    expect(state.phase).toBe('complete');
    expect(stacks(state)).toEqual([99, 2]);
  });

  it('Omaha uses exactly two hole cards: one suited card makes no flush', () => {
    let { state } = setup({
      variant: 'omaha-pl',
      stacks: [200, 200],
      button: 1,
      holes: { 0: 'AhKcQs7d', 1: '5c5d3s4c' },
      board: '2h5h8hThKd',
    });
    state = act(state, 1, 'raise', 6);
    state = act(state, 0, 'call');
    state = act(state, 0, 'check');
    state = act(state, 1, 'bet', 12);
    state = act(state, 0, 'call');
    state = act(state, 0, 'check');
    state = act(state, 1, 'check');
    state = act(state, 0, 'bet', 20);
    state = act(state, 1, 'call');
    expect(stacks(state)).toEqual([162, 238]);
  });
});
