// Sessions ending, as an event the realtime edges subscribe to: every socket opened with a revoked
// token (or by a user whose tokens were all revoked) is closed at once, and every socket of a user
// whose account changed checks its token again.

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

export class SessionEvents {
  private readonly listeners = new Set<SessionListener>();

  /** Subscribes; returns the unsubscribe function. */
  on(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: SessionChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // A listener's trouble must not stop a logout.
      }
    }
  }
}
