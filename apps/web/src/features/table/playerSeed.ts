// The player's part of the deal (provably fair, version 2): a seed sent for every new deck commitment.
// By default a fresh random one from Web Crypto; a seed typed in Settings is kept for the session
// (sessionStorage) and sent instead, so the player finds it verbatim in the hand's record.

const SESSION_KEY = 'tenger.playerSeed';
/** 1–64 printable ASCII characters, as the server takes them. */
const SEED_PATTERN = /^[\x20-\x7e]{1,64}$/;
export const PLAYER_SEED_MAX_LENGTH = 64;

export function isPlayerSeed(seed: string): boolean {
  return SEED_PATTERN.test(seed);
}

/** The seed the player typed for this session, or '' for none. */
export function ownSeed(): string {
  try {
    return sessionStorage.getItem(SESSION_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Keeps `seed` for the session ('' forgets it); false when it is not 1–64 printable characters. */
export function setOwnSeed(seed: string): boolean {
  if (seed !== '' && !isPlayerSeed(seed)) return false;
  try {
    if (seed === '') sessionStorage.removeItem(SESSION_KEY);
    else sessionStorage.setItem(SESSION_KEY, seed);
  } catch {
    return false;
  }
  return true;
}

/** 128 random bits from Web Crypto, as 32 hex characters. */
export function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What to send for the next deal: the typed seed, else a fresh random one. */
export function seedForNextDeal(): string {
  return ownSeed() || randomSeed();
}
