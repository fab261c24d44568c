export * from './cards.js';
export * from './evaluator.js';
export * from './fair.js';
export { commitment, deckFromSeed, verifyDeck } from './fair1.js';
export * from './fair2.js';
export * from './openings.js';
export * from './verify.js';
export * from './handChain.js';
export { sha256, hmacSha256, toHex, fromHex } from './sha256.js';
export * from './hand-types.js';
export {
  createHand,
  applyAction,
  arrangeDeck,
  handHistory,
  awaitingRunout,
  runOutStreet,
  blindSeats,
} from './hand.js';
export { mayShowAfterHand, showAfterHand } from './showdown.js';
export { legalActions, validateAction, potLimitMax } from './rules.js';
export { buildPots, rakeFor, splitPot } from './pots.js';
export * from './view.js';
export * from './record.js';
export * from './phh.js';
export * from './pokerstars.js';
export {
  cardByPositionChiSquare,
  chiSquareSurvival,
  CARD_BY_POSITION_DEGREES_OF_FREEDOM,
} from './chiSquare.js';
export * from './tournament/index.js';
