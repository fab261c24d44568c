/** The four entries of the admin side menu (spec §2, §9), in order. */
export const ADMIN_MENU = [
  { key: 'users', route: '/admin/user' },
  { key: 'withdrawals', route: '/admin/withdraw' },
  { key: 'deposits', route: '/admin/deposit' },
  { key: 'tables', route: '/admin/table' },
] as const;

export type AdminMenuKey = (typeof ADMIN_MENU)[number]['key'];

/** The admin index (/admin) is the users screen. */
export const ADMIN_HOME = '/admin';

/**
 * The entry to highlight: the one whose route the path starts with (at a path-segment boundary, so
 * /admin/table/7 is Tables). The bare /admin index shows the users screen, so Users is highlighted there.
 */
export function activeMenuKey(pathname: string): AdminMenuKey | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === ADMIN_HOME) return 'users';
  return ADMIN_MENU.find((entry) => path === entry.route || path.startsWith(`${entry.route}/`))?.key;
}
