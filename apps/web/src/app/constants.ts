/**
 * The spec's constants for the web app, in one place (spec §9 and §4).
 * Anything that is a requirement of the product lives here, named.
 */

/** Local storage keys. The access token was also seen stored as `token`; we read both, write `accessToken`. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  legacyAccessToken: 'token',
  language: 'i18nextLng',
  theme: 'themeMode',
} as const;

export const SUPPORTED_LANGUAGES = ['en', 'mn'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
/** Language detection order, first match wins; the result is cached in localStorage. */
export const LANGUAGE_DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
] as const;
export const LANGUAGE_QUERY_PARAM = 'lng';

export type ThemeMode = 'light' | 'dark';
export const DEFAULT_THEME: ThemeMode = 'light';

/** The fullscreen overlay waits this long after the tap before the app renders. */
export const FULLSCREEN_OVERLAY_DELAY_MS = 100;

/** /ws/global reconnect policy: up to 5 attempts, delay 2000 ms × attempt number. */
export const GLOBAL_SOCKET_MAX_RECONNECTS = 5;
export const GLOBAL_SOCKET_RECONNECT_DELAY_MS = 2000;
export const GLOBAL_SOCKET_PATH = '/ws/global';

/** RTK Query: unused cached data is kept 60 s. (Subscription bookkeeping is batched at 500 ms by RTK itself.) */
export const QUERY_KEEP_UNUSED_SECONDS = 60;

/** API bases (spec §7). The host is the page's own origin unless VITE_API_HOST says otherwise. */
export const USER_API_PATH = '/api/v1/user';
export const ADMIN_API_PATH = '/api/v1/admin';

/** How often the lobby refreshes seat counts, and how often maintenance and the jackpot are re-read. */
export const LOBBY_POLL_MS = 5000;
/** The lobby re-reads the waiting lists this often while the player is on one (a held seat waits 30 s). */
export const WAITLIST_POLL_MS = 2000;
/** The tournament lobby page re-reads stacks, places and the level while the tournament is open or running. */
export const TOURNAMENT_POLL_MS = 5000;
export const MAINTENANCE_POLL_MS = 60_000;
export const JACKPOT_POLL_MS = 30_000;

/** Contest teaser (spec §1, §9): the prize is 10 million tugrik. */
export const CONTEST_PRIZE = 10_000_000;
/**
 * Content block names the pages read from GET /block/{name}: the whole list of names the site uses.
 * Where each one is shown is CONTENT_BLOCK_PLACES (app/contentBlocks.ts); a block under any other
 * name appears nowhere, and the admin content page says so.
 */
export const CONTENT_BLOCKS = {
  lobbyBanner: 'lobby-banner',
  jackpotRules: 'jackpot-rules',
  contestTeaser: 'contest-teaser',
  tournamentComingSoon: 'tournament-coming-soon',
  depositInstructions: 'deposit-instructions',
  footer: 'site-footer',
  /** The terms a player accepts (with 18+) when registering. */
  terms: 'terms',
} as const;
export type ContentBlockName = (typeof CONTENT_BLOCKS)[keyof typeof CONTENT_BLOCKS];

/** Withdrawal minimum used until the server tells us its setting (DESIGN.md §3 default). */
export const DEFAULT_WITHDRAWAL_MIN = 1000;

/** Page sizes of the profile's lists (the server allows up to 100). */
export const GAME_HISTORY_PAGE_SIZE = 20;
export const PROFILE_LIST_PAGE_SIZE = 10;

/** The currency symbol of the Mongolian tugrik. */
export const CURRENCY_SYMBOL = '₮';
