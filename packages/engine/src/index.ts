export * from './cards.js';
