export const PROTOCOL_VERSION = '0.1.0';
export * from './common.js';
export * from './user.js';
export * from './admin.js';
export * from './realtime.js';
export * from './table.js';
export * from './audit.js';
export * from './handExport.js';
