export * from './cards.js';
export * from './evaluator.js';
