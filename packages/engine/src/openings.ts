// Which deck positions a viewer may see opened. The rule is not restated here: a card is opened to a
// viewer exactly when the engine's own viewer filter shows it to them (viewFor for a running or
// finished hand, eventsFor for the events of one step, redactRecord for a stored record): the board,
// cards shown down, and the viewer's own hole cards. Folded and mucked cards of others are in none of
// them, so they are never opened.

import type { Card } from './cards.js';
import { openCards, type CommittedDeck, type Opening } from './fair2.js';
import type { HandEvent, HandState } from './hand-types.js';
import { redactRecord, type HandRecord } from './record.js';
import { eventsFor, viewFor } from './view.js';

/** Openings for what `viewer` (a seat, or null for a spectator) sees of a running or finished hand. */
export function openingsForView(
  committed: CommittedDeck,
  state: HandState,
  viewer: number | null,
): Opening[] {
  const view = viewFor(state, viewer);
  const cards: Card[] = [...view.board];
  for (const seat of view.seats) if (seat.cards) cards.push(...seat.cards);
  return openCards(committed, cards);
}

/** Openings for what `viewer` sees of a finished hand's record (the house copy; it is redacted here). */
export function openingsForRecord(
  committed: CommittedDeck,
  record: HandRecord,
  viewer: number | null,
): Opening[] {
  const visible = redactRecord(record, viewer);
  const cards: Card[] = [...visible.board];
  for (const seat of visible.seats) cards.push(...seat.holeCards, ...(seat.shownCards ?? []));
  return openCards(committed, cards);
}

/**
 * Openings for the cards that `events` (one step of the hand) make visible to `viewer`: their own hole
 * cards when dealt, board cards as they are dealt, cards shown down. For a runtime that sends each
 * opening with the frame that shows the card.
 */
export function openingsForEvents(
  committed: CommittedDeck,
  events: readonly HandEvent[],
  viewer: number | null,
): Opening[] {
  const cards: Card[] = [];
  for (const event of eventsFor(events, viewer)) {
    if (event.type === 'hole-cards-dealt' && event.cards) cards.push(...event.cards);
    else if (event.type === 'street-dealt' || event.type === 'cards-shown') cards.push(...event.cards);
  }
  return openCards(committed, cards);
}
