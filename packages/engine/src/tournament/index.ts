// Tournament rules with no I/O: structures and levels, payout tables, finishing places, button and
// blinds after busts, balancing and breaking tables, ICM, knockout bounties. Rules and choices: docs/tournaments.md.
export * from './structures.js';
export * from './payouts.js';
export * from './places.js';
export * from './blinds.js';
export * from './balancing.js';
export * from './icm.js';
export * from './lateEntry.js';
export * from './schedule.js';
export * from './bounties.js';
export * from './chipChop.js';
export * from './satellite.js';
