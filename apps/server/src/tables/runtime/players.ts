// The players a table knows, as both the ports (ports.ts) and the pure seat rules (seatRules.ts) name
// them. A leaf: the seat rules read these without importing the ports, whose vocabulary reaches the
// viewer door and the tournament mode.

/** Who a user is to a table (TableRuntime's `profile(userId)`). */
export interface UserProfile {
  userId: number;
  username: string;
  isBot: boolean;
  active: boolean;
  role: 'PLAYER' | 'ADMIN';
}

/** The last time a player stood up from a table, with the stack they took away. */
export interface Departure {
  stack: number;
  at: number;
}
