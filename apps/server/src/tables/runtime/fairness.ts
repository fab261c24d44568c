// Provably fair, version 2 (packages/engine README): the next hand's deck is committed when the table
// is ready for it, its root published to every viewer at once, and the seated players' seeds for that
// commitment collected until the deal. The committed deck (D and its salts) lives in memory until the
// hand settles, then in the database for the operator's audit only.
import { commitDeck, dealtDeck, type Card, type CommittedDeck, type PlayerSeed } from '@tenger/engine';
import { liveDeals } from '../../rng/dealTally.js';

/**
 * Where a table's decks come from (a port): the next deal's commitment, the seats' seeds for it, and
 * the deal. Production always uses NextDeal, the committed node:crypto deal; only a test's own
 * construction of a runtime can pass another (testing/scriptedDeals.ts): nothing a client sends and
 * no configuration selects it.
 */
export interface DeckSource {
  /** The root viewers may see, or null while nothing is committed. */
  readonly deckCommitment: string | null;
  /** Commits a fresh deck unless one is waiting; true when a new commitment must be published. */
  commit(): boolean;
  /** A seated player's seed for the waiting commitment; false when nothing is committed yet. */
  acceptSeed(userId: number, seed: string): boolean;
  /** Takes the waiting deck for a deal, with every dealt-in seat's seed (`button`: the deal's button seat). */
  take(players: readonly { seat: number; userId: number }[], handId: string, button?: number): HandDeck;
}

/** The deck of the next deal and the seeds sent for it (userId -> the last seed sent). */
export class NextDeal implements DeckSource {
  private committed: CommittedDeck | null = null;
  private readonly seeds = new Map<number, string>();

  /** The root viewers may see, or null while nothing is committed. */
  get deckCommitment(): string | null {
    return this.committed?.deckCommitment ?? null;
  }

  /** Commits a fresh deck unless one is waiting; true when a new commitment must be published. */
  commit(): boolean {
    if (this.committed) return false;
    this.committed = commitDeck();
    this.seeds.clear();
    return true;
  }

  /** A seated player's seed for the waiting commitment; false when nothing is committed yet. */
  acceptSeed(userId: number, seed: string): boolean {
    if (!this.committed) return false;
    this.seeds.set(userId, seed);
    return true;
  }

  /**
   * Takes the waiting deck for a deal (committing one on the spot when none waits: then nobody's
   * seed counts, each seat contributes ''), with every dealt-in seat's seed.
   */
  take(players: readonly { seat: number; userId: number }[], handId: string): HandDeck {
    this.commit();
    const committed = this.committed!;
    const playerSeeds: PlayerSeed[] = players.map((p) => ({
      seat: p.seat,
      userId: p.userId,
      seed: this.seeds.get(p.userId) ?? '',
    }));
    this.committed = null;
    this.seeds.clear();
    const deck = dealtDeck(committed, handId, playerSeeds);
    liveDeals.record(deck); // RNG health: the process's running card × position tally (rng/dealTally.ts)
    return { committed, playerSeeds, deck };
  }
}

/** The deck of one running hand: the committed deck (secret), the seeds, the dealt order. */
export interface HandDeck {
  committed: CommittedDeck;
  playerSeeds: PlayerSeed[];
  deck: Card[];
}
