// The browser-safe entry, `@tenger/engine/browser`: no node: import anywhere below it (a test walks
// the import graph). Cards, the evaluator (hand values and their names), SHA-256, both fairness versions,
// the verifier and the hand chain.
export * from './cards.js';
export {
  evaluateHoldem,
  evaluateOmaha,
  handCategory,
  handRanks,
  handName,
  HAND_CATEGORIES,
  type HandCategory,
} from './evaluator.js';
export { sha256, hmacSha256, toHex, fromHex } from './sha256.js';
export { commitment, deckFromSeed, verifyDeck } from './fair1.js';
export * from './fair2.js';
export * from './verify.js';
export * from './handChain.js';
// Tournament rules the lobby and the table view show: structures, payout tables, places and ICM.
export * from './tournament/structures.js';
export * from './tournament/payouts.js';
export * from './tournament/places.js';
export * from './tournament/icm.js';
export * from './tournament/satellite.js';
