import { STORAGE_KEYS } from '../app/constants';

/** The stored access token: `accessToken`, or the older `token` key if that is all there is. */
export function getAccessToken(): string | null {
  try {
    return (
      localStorage.getItem(STORAGE_KEYS.accessToken) ?? localStorage.getItem(STORAGE_KEYS.legacyAccessToken)
    );
  } catch {
    return null;
  }
}

export function setAccessToken(token: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.accessToken, token);
    localStorage.removeItem(STORAGE_KEYS.legacyAccessToken);
  } catch {
    // Storage unavailable: the session lasts until reload.
  }
}

export function clearAccessToken(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.legacyAccessToken);
  } catch {
    // Nothing stored.
  }
}
