// Sessions ending, as an event the realtime edges subscribe to: every socket opened with a revoked
// token (or by a user whose tokens were all revoked) is closed at once, and every socket of a user
// whose account changed checks its token again. The event crosses the site's bus, so this happens on
// every process, whichever one the logout or the block came through.
import { CLUSTER_CHANNELS, SiteEvent } from '../cluster/siteEvent.js';

/**
 * - `{ userId, tokenHash }`: that one token was revoked (logout).
 * - `{ userId, revoked: true, except? }`: every token of the user was revoked (password change or reset,
 *   block, delete, role change), but the one hashed `except` (the session that changed the password).
 * - `{ userId, revoked: false }`: the user's account changed; whether a token still holds is for the
 *   database to say (sockets check theirs again).
 */
export type SessionChange =
  | { userId: number | null; tokenHash: string; revoked: true }
  | { userId: number; tokenHash?: undefined; revoked: boolean; except?: string };

export type SessionListener = (change: SessionChange) => void;

/** Session changes, heard on every process of the site once shared over the bus (see SiteEvent). */
export class SessionEvents extends SiteEvent<SessionChange> {
  constructor() {
    super(CLUSTER_CHANNELS.sessions);
  }
}
