export const PROTOCOL_VERSION = '0.1.0';
