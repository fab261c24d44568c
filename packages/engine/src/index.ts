export * from './cards.js';
export * from './evaluator.js';
export * from './fair.js';
