// The provably fair deck of one hand: a fresh server seed whose commitment is published before the
// deal, and the deck derived from it. The seed lives only in memory until the hand ends.
import { commitment, deckFromSeed, newServerSeed, type Card } from '@tenger/engine';

export interface HandSeed {
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  deck: Card[];
}

/** `clientSeed` is public: "{tableId}:{handNumber}:{tableSalt}". */
export function seedHand(tableId: number, handNumber: number, tableSalt: string): HandSeed {
  const serverSeed = newServerSeed();
  const clientSeed = `${tableId}:${handNumber}:${tableSalt}`;
  return {
    serverSeed,
    commitment: commitment(serverSeed),
    clientSeed,
    deck: deckFromSeed(serverSeed, clientSeed, handNumber),
  };
}
