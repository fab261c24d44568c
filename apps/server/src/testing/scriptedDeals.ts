// Scripted decks for tests: a DeckSource (tables/runtime/fairness.ts) that deals the cards a test
// chose, so a rule that needs a certain hand (a bust, a split pot, a muck) is shown in one hand instead
// of waiting on chance. Commitment and seeds stay the real NextDeal's; only the dealt order is replaced
// while scripted decks are queued (the hand's record then no longer verifies against the commitment,
// which such tests do not look at). Injected only where a test constructs a runtime (unitTable's
// `deckSource`); production never imports src/testing.
import { parseCards, type Card } from '@tenger/engine';
import { NextDeal, type DeckSource, type HandDeck } from '../tables/runtime/fairness.js';

export class ScriptedDeals implements DeckSource {
  private readonly real = new NextDeal();
  private readonly queued: Card[][] = [];
  /** How many hands were dealt from a scripted deck. */
  dealtScripted = 0;

  /** Deals the next hand from `deck` (dealing order: the engine's `config.deck`). */
  next(deck: readonly Card[]): this {
    if (new Set(deck).size !== 52) throw new Error('a scripted deck holds the 52 cards once each');
    this.queued.push([...deck]);
    return this;
  }

  get deckCommitment(): string | null {
    return this.real.deckCommitment;
  }

  commit(): boolean {
    return this.real.commit();
  }

  acceptSeed(userId: number, seed: string): boolean {
    return this.real.acceptSeed(userId, seed);
  }

  take(players: readonly { seat: number; userId: number }[], handId: string): HandDeck {
    const real = this.real.take(players, handId);
    const deck = this.queued.shift();
    if (!deck) return real;
    this.dealtScripted++;
    return { ...real, deck };
  }
}

/**
 * A deck that deals `holes[i]` to the i-th seat in dealing order (the engine deals one card at a time
 * round the table, from the small blind; heads-up from the button) and then `board`; the rest of the
 * deck follows in card order. Cards as text: `dealingDeck(['As Ad', '7c 2d'], '2s 3s 4s 5s 9h')`.
 */
export function dealingDeck(holes: readonly string[], board: string): Card[] {
  const hands = holes.map((h) => parseCards(h));
  const perSeat = hands[0]?.length ?? 0;
  const deck: Card[] = [];
  for (let j = 0; j < perSeat; j++) for (const hand of hands) deck.push(hand[j]!);
  deck.push(...parseCards(board));
  const used = new Set(deck);
  if (used.size !== deck.length) throw new Error('a card is dealt twice');
  for (let card = 0; card < 52; card++) if (!used.has(card as Card)) deck.push(card as Card);
  return deck;
}
