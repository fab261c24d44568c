import { describe, expect, it } from 'vitest';
import { activeMenuKey, ADMIN_MENU } from './adminMenu';

describe('the admin side menu', () => {
  it('has exactly the four entries Users, Withdrawals, Deposits and Tables with their routes', () => {
    expect(ADMIN_MENU.map((entry) => entry.route)).toEqual([
      '/admin/user',
      '/admin/withdraw',
      '/admin/deposit',
      '/admin/table',
    ]);
  });

  it('highlights the entry whose route the path starts with', () => {
    expect(activeMenuKey('/admin/user')).toBe('users');
    expect(activeMenuKey('/admin/user/42')).toBe('users');
    expect(activeMenuKey('/admin/withdraw')).toBe('withdrawals');
    expect(activeMenuKey('/admin/deposit/')).toBe('deposits');
    expect(activeMenuKey('/admin/table')).toBe('tables');
    expect(activeMenuKey('/admin/table/7')).toBe('tables');
  });

  it('highlights Users on the bare /admin index, which is the users screen', () => {
    expect(activeMenuKey('/admin')).toBe('users');
  });

  it('highlights nothing on Data, Settings, or a path that only shares letters with a route', () => {
    expect(activeMenuKey('/admin/data')).toBeUndefined();
    expect(activeMenuKey('/admin/settings')).toBeUndefined();
    expect(activeMenuKey('/admin/tables-archive')).toBeUndefined();
  });
});
