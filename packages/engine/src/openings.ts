// Which deck positions a viewer may see opened. The rule is not restated here: a card is opened to a
// viewer exactly when the engine's own viewer filter shows it to them (viewFor for a running or
// finished hand, redactRecord for a stored record): the board, cards shown down, and the viewer's own
// hole cards. Folded and mucked cards of others are in neither, so they are never opened.

import type { Card } from './cards.js';
import { openCards, type CommittedDeck, type Opening } from './fair2.js';
import type { HandState } from './hand-types.js';
import { redactRecord, type HandRecord } from './record.js';
import { viewFor } from './view.js';

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
