// The hand state machine: createHand deals a hand from a given deck, applyAction moves it on by one
// player action and returns a NEW state plus the events it caused. Pure and deterministic: no I/O,
// no clock, no randomness. Bad input never throws; it comes back as { error: { code, message } }.

import { formatCard, isCard, type Card } from './cards.js';
import { evaluate7, evaluateHoldem, evaluateOmaha, handName } from './evaluator.js';
import type {
  ApplyResult,
  CreateResult,
  EngineError,
  HandConfig,
  HandEvent,
  HandState,
  HistoryEntry,
  PlayerAction,
  PostKind,
  PotResult,
  SeatConfig,
  SeatState,
  Street,
} from './hand-types.js';
import { allocateRake, buildPots, rakeFor, splitPot, type Contribution } from './pots.js';
import { actingButton, computeLegalActions, liveSeatsFrom, seatState, validateAction } from './rules.js';

const MAX_SEATS = 9;
const VARIANTS = ['holdem-nl', 'omaha-pl', 'omaha-nl'];

export function createHand(input: HandConfig): CreateResult {
  const problem = checkConfig(input);
  if (problem) return { error: { code: 'invalid-config', message: problem } };
  // The state keeps its own copy, so later changes to the caller's objects cannot reach it.
  const config = copyConfig(input);

  const configured = config.seats;
  if (!isSortedBySeat(configured)) configured.sort((a, b) => a.seat - b.seat);
  const seats: SeatState[] = [];
  const dealtIn: number[] = [];
  for (const s of configured) {
    const inHand = !s.sittingOut && s.stack > 0;
    if (inHand) dealtIn.push(s.seat);
    seats.push({
      seat: s.seat,
      playerId: s.playerId,
      startingStack: s.stack,
      stack: s.stack,
      bet: 0,
      committed: 0,
      inHand,
      folded: false,
      allIn: false,
      actedAt: -1,
      holeCards: [],
      shownCards: null,
      mucked: false,
    });
  }
  const { smallBlindSeat, bigBlindSeat } = blindSeats(dealtIn, config.button);

  const state: HandState = {
    config,
    phase: 'preflop',
    seats,
    smallBlindSeat,
    bigBlindSeat,
    board: [],
    deckIndex: 0,
    currentBet: config.bigBlind,
    lastRaiseSize: config.bigBlind,
    lastAggressor: null,
    toAct: null,
    pots: [],
    rake: 0,
    results: [],
    log: null,
    actionCount: 0,
    legal: null,
  };
  const events: HandEvent[] = [
    {
      type: 'hand-started',
      handNumber: config.handNumber,
      button: config.button,
      smallBlindSeat,
      bigBlindSeat,
    },
  ];

  postBlindsAndAntes(state, config, events);
  dealHoleCards(state, events);
  state.toAct = nextToAct(state, bigBlindSeat);
  if (state.toAct === null) closeBettingRound(state, events);
  else announceNextToAct(state, events);
  return { state, events };
}

export function applyAction(state: HandState, action: PlayerAction): ApplyResult {
  const check = validateAction(state, action);
  if (!check.ok) return { error: { code: check.code, message: check.message } satisfies EngineError };

  // Copy on write: the new state gets a copy of the acting seat now and of the others only when a
  // betting round closes (closeBettingRound changes every seat).
  const next = cloneState(state);
  const events: HandEvent[] = [];
  let index = 0;
  while (next.seats[index].seat !== action.seat) index++;
  const player = copySeat(next.seats[index]);
  next.seats[index] = player;
  const added = check.type === 'fold' || check.type === 'check' ? 0 : check.to - player.bet;

  if (check.type === 'fold') {
    player.folded = true;
  } else if (added > 0) {
    player.stack -= added;
    player.bet += added;
    player.committed += added;
    if (player.stack === 0) player.allIn = true;
    if (player.bet > next.currentBet) {
      const raiseSize = player.bet - next.currentBet;
      if (raiseSize >= next.lastRaiseSize) next.lastRaiseSize = raiseSize;
      next.currentBet = player.bet;
      next.lastAggressor = player.seat;
    }
  }
  player.actedAt = next.currentBet;
  next.actionCount++;
  record(next, {
    kind: 'action',
    seat: player.seat,
    type: check.type,
    to: player.bet,
    added,
    allIn: player.allIn,
  });
  events.push({
    type: 'action',
    seat: player.seat,
    action: check.type,
    to: player.bet,
    added,
    stack: player.stack,
    allIn: player.allIn,
  });

  if (check.type === 'fold' && liveCount(next) === 1) {
    next.toAct = null;
    copyOtherSeats(next, player);
    closeBettingRound(next, events);
    return { state: next, events };
  }
  next.toAct = nextToAct(next, player.seat);
  if (next.toAct === null) {
    copyOtherSeats(next, player);
    closeBettingRound(next, events);
  } else announceNextToAct(next, events);
  return { state: next, events };
}

/** Whether the hand waits for runOutStreet: betting is over, hands are up, streets are still to come. */
export function awaitingRunout(state: HandState): boolean {
  return state.phase !== 'complete' && state.toAct === null;
}

/** Deals the next street of a paced all-in runout; after the river the hand is settled. */
export function runOutStreet(state: HandState): ApplyResult {
  if (!awaitingRunout(state)) {
    return { error: { code: 'invalid-state', message: 'No runout is waiting.' } satisfies EngineError };
  }
  const next = cloneState(state);
  next.seats = state.seats.map(copySeat);
  const events: HandEvent[] = [];
  dealStreet(next, events);
  if (next.board.length === 5) settle(next, events, true);
  return { state: next, events };
}

/**
 * Builds a deck that deals the given hole cards and board under this engine's dealing order (see
 * dealHoleCards); the cards nobody sees follow in ascending order. Used to replay recorded hands and
 * to set up exact situations in tests. Throws a RangeError on a duplicate or missing card.
 */
export function arrangeDeck(
  config: Omit<HandConfig, 'deck'>,
  holeCards: Readonly<Record<number, readonly Card[]>>,
  board: readonly Card[],
): Card[] {
  const dealtIn = [...config.seats]
    .filter((s) => !s.sittingOut && s.stack > 0)
    .map((s) => s.seat)
    .sort((a, b) => a - b);
  const { smallBlindSeat } = blindSeats(dealtIn, config.button);
  const start = dealtIn.indexOf(smallBlindSeat);
  const order = dealtIn.map((_, i) => dealtIn[(start + i) % dealtIn.length]);
  const perSeat = config.variant === 'holdem-nl' ? 2 : 4;
  const deck: Card[] = [];
  for (let j = 0; j < perSeat; j++) {
    for (const seat of order) {
      const cards = holeCards[seat];
      if (!cards || cards.length !== perSeat)
        throw new RangeError(`Seat ${seat} needs ${perSeat} hole cards.`);
      deck.push(cards[j]);
    }
  }
  deck.push(...board);
  const used = new Set<Card>();
  for (const card of deck) {
    if (!isCard(card)) throw new RangeError(`Not a card: ${String(card)}`);
    if (used.has(card)) throw new RangeError(`Duplicate card ${formatCard(card)}`);
    used.add(card);
  }
  for (let card = 0; card < 52; card++) if (!used.has(card)) deck.push(card);
  return deck;
}

/** The first seat clockwise after `afterSeat` that still has to act on this street, or null. */
function nextToAct(state: HandState, afterSeat: number): number | null {
  const seats = state.seats;
  const n = seats.length;
  let canAct = 0;
  let lone: SeatState | null = null;
  let start = n;
  for (let i = 0; i < n; i++) {
    const s = seats[i];
    if (s.inHand && !s.folded && !s.allIn) {
      canAct++;
      lone = s;
    }
    if (start === n && s.seat > afterSeat) start = i;
  }
  if (canAct === 0) return null;
  // Alone with chips behind and nothing more to call: nobody is left to bet against.
  if (canAct === 1 && lone!.bet >= state.currentBet) return null;
  for (let k = 0; k < n; k++) {
    const s = seats[(start + k) % n];
    if (s.inHand && !s.folded && !s.allIn && (s.actedAt < 0 || s.bet < state.currentBet)) return s.seat;
  }
  return null;
}

function announceNextToAct(state: HandState, events: HandEvent[]): void {
  const legal = computeLegalActions(state);
  state.legal = legal;
  if (legal) events.push({ type: 'next-to-act', seat: legal.seat, legal });
}

/**
 * What each seat put in, for the pots. A big-blind ante is dead money for the whole table: it goes
 * into the main pot and does not raise the big blind's level, so a big blind all-in short still wins
 * only what its live blind matched (plus the ante). It was posted first, so it is min(ante, stack).
 */
function contributions(state: HandState): readonly Contribution[] {
  const { config } = state;
  if (config.anteKind !== 'big-blind' || !config.ante) return state.seats;
  return state.seats.map((s) => ({
    seat: s.seat,
    committed: s.committed,
    folded: s.folded,
    dead: s.seat === state.bigBlindSeat ? Math.min(config.ante!, s.startingStack) : 0,
  }));
}

/** Ends the street: returns the uncalled bet, then deals on, runs the board out or settles the hand. */
function closeBettingRound(state: HandState, events: HandEvent[]): void {
  returnUncalledBet(state, events);
  state.pots = buildPots(contributions(state));
  // Pots, boards and card lists are never changed once made, so events can share them with the state.
  events.push({ type: 'pots-updated', pots: state.pots });
  let live = 0;
  let canAct = 0;
  for (const s of state.seats) {
    s.bet = 0;
    s.actedAt = -1;
    if (s.inHand && !s.folded) {
      live++;
      if (!s.allIn) canAct++;
    }
  }
  state.currentBet = 0;
  state.lastRaiseSize = state.config.bigBlind;

  if (live === 1) {
    settle(state, events, false);
    return;
  }
  if (state.phase === 'river') {
    settle(state, events, true);
    return;
  }
  if (canAct <= 1) {
    // Everyone (or all but one) is all-in: the hands are turned up before the rest of the board.
    for (const s of showdownOrder(state)) showCards(state, s, events);
    if (state.config.pacedRunout) return;
    while (state.board.length < 5) dealStreet(state, events);
    settle(state, events, true);
    return;
  }
  dealStreet(state, events);
  state.lastAggressor = null;
  state.toAct = nextToAct(state, actingButton(state));
  if (state.toAct === null) closeBettingRound(state, events);
  else announceNextToAct(state, events);
}

function liveCount(state: HandState): number {
  let live = 0;
  for (const s of state.seats) if (s.inHand && !s.folded) live++;
  return live;
}

/**
 * The part of the highest bet on this street that nobody matched goes back. Street bets are compared,
 * not what each seat put in over the hand: dead money (a big-blind ante, a dead small blind) is never
 * returned, and a big blind all-in short after its ante does not count its ante as a bet.
 */
function returnUncalledBet(state: HandState, events: HandEvent[]): void {
  let top: SeatState | null = null;
  let second = 0;
  for (const s of state.seats) {
    if (!s.inHand) continue;
    if (top === null || s.bet > top.bet) {
      if (top) second = Math.max(second, top.bet);
      top = s;
    } else second = Math.max(second, s.bet);
  }
  if (!top || top.bet <= second) return;
  const amount = top.bet - second;
  top.committed -= amount;
  top.bet -= amount;
  top.stack += amount;
  if (top.stack > 0) top.allIn = false;
  record(state, { kind: 'uncalled', seat: top.seat, amount });
  events.push({ type: 'uncalled-bet-returned', seat: top.seat, amount });
}

const NEXT_STREET: Record<Street, Street> = { preflop: 'flop', flop: 'turn', turn: 'river', river: 'river' };

function dealStreet(state: HandState, events: HandEvent[]): void {
  const street = NEXT_STREET[state.phase as Street];
  const count = street === 'flop' ? 3 : 1;
  const cards = state.config.deck.slice(state.deckIndex, state.deckIndex + count);
  state.deckIndex += count;
  state.board = state.board.concat(cards);
  state.phase = street;
  record(state, { kind: 'board', street, cards });
  events.push({ type: 'street-dealt', street, cards, board: state.board });
}

/**
 * Showdown order: the last bettor or raiser on the final street shows first; with no bet on it, the
 * first live seat left of the button; then clockwise.
 */
export function showdownOrder(state: HandState): SeatState[] {
  const fromButton = liveSeatsFrom(state, actingButton(state));
  const first =
    state.lastAggressor === null ? -1 : fromButton.findIndex((s) => s.seat === state.lastAggressor);
  if (first <= 0) return fromButton;
  return [...fromButton.slice(first), ...fromButton.slice(0, first)];
}

function showCards(state: HandState, seat: SeatState, events: HandEvent[]): void {
  if (seat.shownCards) return;
  seat.shownCards = seat.holeCards.slice();
  record(state, { kind: 'show', seat: seat.seat, cards: seat.shownCards });
  if (state.board.length >= 3) {
    const value = handValue(state, seat);
    events.push({
      type: 'cards-shown',
      seat: seat.seat,
      cards: seat.shownCards,
      handValue: value,
      handName: nameOfHand(value),
    });
  } else {
    events.push({
      type: 'cards-shown',
      seat: seat.seat,
      cards: seat.shownCards,
      handValue: null,
      handName: null,
    });
  }
}

// Hand names are asked for at every showdown; there are only 7,462 of them.
const HAND_NAMES: (string | undefined)[] = [];
export function nameOfHand(value: number): string {
  return (HAND_NAMES[value] ??= handName(value));
}

export function handValue(state: HandState, seat: SeatState): number {
  const h = seat.holeCards;
  const b = state.board;
  if (state.config.variant !== 'holdem-nl') return evaluateOmaha(h, b);
  if (b.length === 5) return evaluate7(h[0], h[1], b[0], b[1], b[2], b[3], b[4]);
  return evaluateHoldem(h.concat(b));
}

/**
 * Pays the pots. At a showdown each live seat, in showdown order, shows if its hand could still win
 * or tie a pot it is in against the hands shown so far; otherwise its hand is mucked unseen (the
 * auto-muck rule). Rake comes off the pots first, only when a flop was dealt (no flop, no drop).
 */
function settle(state: HandState, events: HandEvent[], showdown: boolean): void {
  state.toAct = null;
  const pots = buildPots(contributions(state));
  // Hand values by seat index (0..8); 0 for seats without a live hand.
  const values = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  if (showdown) {
    for (const s of state.seats) if (s.inHand && !s.folded) values[s.seat] = handValue(state, s);
    const shownBest = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (const s of showdownOrder(state)) {
      const value = values[s.seat];
      let couldWin = false;
      for (let i = 0; i < pots.length; i++) {
        if (value >= shownBest[i] && pots[i].eligible.includes(s.seat)) couldWin = true;
      }
      if (s.shownCards || couldWin) {
        showCards(state, s, events);
        for (let i = 0; i < pots.length; i++) {
          if (value > shownBest[i] && pots[i].eligible.includes(s.seat)) shownBest[i] = value;
        }
      } else {
        s.mucked = true;
        record(state, { kind: 'muck', seat: s.seat });
        events.push({ type: 'hand-mucked', seat: s.seat });
      }
    }
  }

  let total = 0;
  for (const p of pots) total += p.amount;
  const rake = state.board.length >= 3 ? rakeFor(total, state.config.rake) : 0;
  const rakeShares =
    rake > 0
      ? allocateRake(
          pots.map((p) => p.amount),
          rake,
        )
      : null;
  state.rake = rake;
  if (rake > 0) events.push({ type: 'rake-taken', amount: rake });

  const fromButton = liveSeatsFrom(state, actingButton(state));
  const results: PotResult[] = [];
  for (let index = 0; index < pots.length; index++) {
    const pot = pots[index];
    const potRake = rakeShares ? rakeShares[index] : 0;
    const amount = pot.amount - potRake;
    let best: number | null = null;
    if (showdown && pot.eligible.length > 1) {
      best = 0;
      for (const seat of pot.eligible) if (values[seat] > best) best = values[seat];
    }
    // Winners in order from the first seat left of the button, for the odd chips.
    const ordered: number[] = [];
    for (const s of fromButton) {
      if (pot.eligible.includes(s.seat) && (best === null || values[s.seat] === best)) ordered.push(s.seat);
    }
    const winners = splitPot(amount, ordered);
    const name = best === null ? null : nameOfHand(best);
    results.push({
      amount,
      rake: potRake,
      eligible: pot.eligible,
      winners,
      handValue: best,
      handName: name,
    });
    for (const w of winners) seatState(state, w.seat).stack += w.amount;
    // Results are never changed once made, so the event shares the winners list with the state.
    events.push({ type: 'pot-awarded', potIndex: index, amount, winners, handName: name });
  }
  state.results = results;
  state.pots = [];
  state.phase = 'complete';
  events.push({
    type: 'hand-ended',
    finalStacks: state.seats.map((s) => ({ seat: s.seat, stack: s.stack })),
  });
}

/** Small blind: the first seat dealt in left of the button (heads-up: the button itself); big blind next. */
export function blindSeats(
  dealtIn: number[],
  button: number,
): { smallBlindSeat: number; bigBlindSeat: number } {
  if (dealtIn.length === 2 && dealtIn.includes(button)) {
    return { smallBlindSeat: button, bigBlindSeat: dealtIn.find((s) => s !== button)! };
  }
  const after = dealtIn.findIndex((s) => s > button);
  const sb = after < 0 ? 0 : after;
  return { smallBlindSeat: dealtIn[sb], bigBlindSeat: dealtIn[(sb + 1) % dealtIn.length] };
}

function postBlindsAndAntes(state: HandState, config: HandConfig, events: HandEvent[]): void {
  const order = liveSeatsFrom(state, (state.smallBlindSeat ?? state.bigBlindSeat) - 1);
  const ante = config.ante ?? 0;
  // A big-blind ante is posted before the blind, like every ante (and as PokerKit posts it), so a
  // big blind too short for both is all-in with the ante paid first.
  if (ante > 0 && config.anteKind === 'big-blind')
    post(state, seatState(state, state.bigBlindSeat), 'ante', ante, false, events);
  else if (ante > 0) for (const s of order) post(state, s, 'ante', ante, false, events);
  const owesBlinds = config.seats.some((c) => c.postsBigBlind || c.postsDeadSmallBlind);
  const inBlind = (s: SeatState) => s.seat === state.smallBlindSeat || s.seat === state.bigBlindSeat;
  const configOf = (s: SeatState) => config.seats.find((c) => c.seat === s.seat);
  if (owesBlinds) {
    for (const s of order) {
      if (!inBlind(s) && configOf(s)?.postsDeadSmallBlind)
        post(state, s, 'dead-small-blind', config.smallBlind, false, events);
    }
  }
  if (state.smallBlindSeat !== null) {
    post(state, seatState(state, state.smallBlindSeat), 'small-blind', config.smallBlind, true, events);
  }
  post(state, seatState(state, state.bigBlindSeat), 'big-blind', config.bigBlind, true, events);
  if (owesBlinds) {
    for (const s of order) {
      if (!inBlind(s) && configOf(s)?.postsBigBlind)
        post(state, s, 'newcomer-big-blind', config.bigBlind, true, events);
    }
  }
}

function post(
  state: HandState,
  s: SeatState,
  kind: PostKind,
  amount: number,
  live: boolean,
  events: HandEvent[],
): void {
  const paid = Math.min(amount, s.stack);
  if (paid <= 0) return;
  s.stack -= paid;
  s.committed += paid;
  if (live) s.bet += paid;
  if (s.stack === 0) s.allIn = true;
  record(state, { kind: 'post', seat: s.seat, post: kind, amount: paid });
  events.push({ type: 'blind-posted', seat: s.seat, post: kind, amount: paid, allIn: s.allIn });
}

/**
 * Hole cards go one at a time round the table from the first seat left of the button (heads-up: the
 * button), like a live dealer: card j of the i-th seat is deck[j * seatsDealtIn + i]. No burn cards;
 * the board follows the hole cards in deck order.
 */
function dealHoleCards(state: HandState, events: HandEvent[]): void {
  const order = liveSeatsFrom(state, (state.smallBlindSeat ?? state.bigBlindSeat) - 1);
  const perSeat = state.config.variant === 'holdem-nl' ? 2 : 4;
  const deck = state.config.deck;
  const n = order.length;
  for (let i = 0; i < n; i++) {
    const s = order[i];
    const cards: Card[] = [];
    for (let j = 0; j < perSeat; j++) cards.push(deck[j * n + i]);
    s.holeCards = cards;
    record(state, { kind: 'deal-hole', seat: s.seat, cards });
    events.push({ type: 'hole-cards-dealt', seat: s.seat, count: perSeat, cards });
  }
  state.deckIndex = perSeat * n;
}

/** Appends to the hand's log: O(1), and earlier states keep their own shorter log. */
export function record(state: HandState, entry: HistoryEntry): void {
  state.log = { entry, previous: state.log };
}

/** Every post, deal, action, board, uncalled bet and show or muck of the hand so far, in order. */
export function handHistory(state: HandState): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (let node = state.log; node !== null; node = node.previous) entries.push(node.entry);
  return entries.reverse();
}

export function cloneState(state: HandState): HandState {
  return {
    config: state.config,
    phase: state.phase,
    seats: state.seats.slice(),
    smallBlindSeat: state.smallBlindSeat,
    bigBlindSeat: state.bigBlindSeat,
    board: state.board,
    deckIndex: state.deckIndex,
    currentBet: state.currentBet,
    lastRaiseSize: state.lastRaiseSize,
    lastAggressor: state.lastAggressor,
    toAct: state.toAct,
    pots: state.pots,
    rake: state.rake,
    results: state.results,
    log: state.log,
    actionCount: state.actionCount,
    legal: null,
  };
}

function copyOtherSeats(state: HandState, alreadyCopied: SeatState): void {
  const seats = state.seats;
  for (let i = 0; i < seats.length; i++) if (seats[i] !== alreadyCopied) seats[i] = copySeat(seats[i]);
}

// Field by field: a plain literal keeps every seat object the same shape, which V8 copies fastest.
export function copySeat(s: SeatState): SeatState {
  return {
    seat: s.seat,
    playerId: s.playerId,
    startingStack: s.startingStack,
    stack: s.stack,
    bet: s.bet,
    committed: s.committed,
    inHand: s.inHand,
    folded: s.folded,
    allIn: s.allIn,
    actedAt: s.actedAt,
    holeCards: s.holeCards,
    shownCards: s.shownCards,
    mucked: s.mucked,
  };
}

function copyConfig(input: HandConfig): HandConfig {
  const config: HandConfig = {
    variant: input.variant,
    seats: input.seats.map(copySeatConfig),
    button: input.button,
    smallBlind: input.smallBlind,
    bigBlind: input.bigBlind,
    deck: input.deck.slice(),
    handNumber: input.handNumber,
  };
  if (input.ante !== undefined) config.ante = input.ante;
  if (input.anteKind === 'big-blind') config.anteKind = 'big-blind';
  if (input.rake !== undefined) config.rake = { percent: input.rake.percent, cap: input.rake.cap };
  if (input.seedCommitment !== undefined) config.seedCommitment = input.seedCommitment;
  if (input.deckCommitment !== undefined) config.deckCommitment = input.deckCommitment;
  if (input.tableId !== undefined) config.tableId = input.tableId;
  if (input.maxSeats !== undefined) config.maxSeats = input.maxSeats;
  if (input.pacedRunout) config.pacedRunout = true;
  return config;
}

function isSortedBySeat(seats: readonly SeatConfig[]): boolean {
  for (let i = 1; i < seats.length; i++) if (seats[i - 1].seat > seats[i].seat) return false;
  return true;
}

function copySeatConfig(s: SeatConfig): SeatConfig {
  const copy: SeatConfig = { seat: s.seat, playerId: s.playerId, stack: s.stack };
  if (s.postsBigBlind) copy.postsBigBlind = true;
  if (s.postsDeadSmallBlind) copy.postsDeadSmallBlind = true;
  if (s.sittingOut) copy.sittingOut = true;
  return copy;
}

/** 52 distinct card integers: checked with two bit masks (cards 0..25 and 26..51), no allocation. */
function isFullDeck(deck: unknown): boolean {
  if (!Array.isArray(deck) || deck.length !== 52) return false;
  let low = 0;
  let high = 0;
  for (let i = 0; i < 52; i++) {
    const card = deck[i];
    if (typeof card !== 'number' || !(card >= 0 && card < 52) || card % 1 !== 0) return false;
    if (card < 26) {
      if (low & (1 << card)) return false;
      low |= 1 << card;
    } else {
      if (high & (1 << (card - 26))) return false;
      high |= 1 << (card - 26);
    }
  }
  return true;
}

function isPositiveWhole(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

function checkConfig(config: HandConfig): string | null {
  if (config === null || typeof config !== 'object') return 'The hand config must be an object.';
  if (!VARIANTS.includes(config.variant)) return `Unknown variant "${String(config.variant)}".`;
  if (!Array.isArray(config.seats)) return 'seats must be a list.';
  let seen = 0;
  for (const s of config.seats) {
    if (!s || !Number.isInteger(s.seat) || s.seat < 0 || s.seat >= MAX_SEATS)
      return `Seat index must be 0..8.`;
    if (seen & (1 << s.seat)) return `Seat ${s.seat} is listed twice.`;
    seen |= 1 << s.seat;
    if (typeof s.playerId !== 'string' || s.playerId === '') return `Seat ${s.seat} has no player id.`;
    if (!Number.isSafeInteger(s.stack) || s.stack < 0)
      return `Seat ${s.seat} stack must be a whole number >= 0.`;
  }
  let dealtIn = 0;
  for (const s of config.seats) if (!s.sittingOut && s.stack > 0) dealtIn++;
  if (dealtIn < 2) return 'A hand needs at least two players with chips.';
  if (
    config.maxSeats !== undefined &&
    (!Number.isInteger(config.maxSeats) ||
      config.maxSeats < 2 ||
      config.maxSeats > MAX_SEATS ||
      config.seats.some((s) => s.seat >= config.maxSeats!))
  )
    return 'maxSeats must be 2..9 and above every seat index.';
  if (!Number.isInteger(config.button) || config.button < 0 || config.button >= MAX_SEATS)
    return 'button must be a seat index 0..8.';
  if (!isPositiveWhole(config.smallBlind)) return 'smallBlind must be a whole number > 0.';
  if (!isPositiveWhole(config.bigBlind)) return 'bigBlind must be a whole number > 0.';
  if (config.smallBlind > config.bigBlind) return 'smallBlind must not exceed bigBlind.';
  if (config.ante !== undefined && (!Number.isSafeInteger(config.ante) || config.ante < 0))
    return 'ante must be a whole number >= 0.';
  if (config.anteKind !== undefined && config.anteKind !== 'per-player' && config.anteKind !== 'big-blind')
    return "anteKind must be 'per-player' or 'big-blind'.";
  if (config.rake !== undefined) {
    if (config.rake === null || typeof config.rake !== 'object') return 'rake must be { percent, cap }.';
    const { percent, cap } = config.rake;
    if (
      typeof percent !== 'number' ||
      !(percent >= 0 && percent <= 100) ||
      Math.abs(percent * 100 - Math.round(percent * 100)) > 1e-9
    ) {
      return 'rake.percent must be 0..100 with at most two decimals.';
    }
    if (!Number.isSafeInteger(cap) || cap < 0) return 'rake.cap must be a whole number >= 0.';
  }
  if (!isFullDeck(config.deck)) return 'deck must hold the 52 distinct cards.';
  if (!Number.isSafeInteger(config.handNumber) || config.handNumber < 0)
    return 'handNumber must be a whole number >= 0.';
  return null;
}
