import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../api/types';
import { AdminGuard } from '../../app/AdminGuard';
import { initialAuthState, unauthorized, type AuthState } from '../../app/authSlice';
import { adminUser, renderRoutes, signedInAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const player = { ...adminUser, userId: 2, username: 'bat', role: 'PLAYER', isAdmin: false } as CurrentUser;

function openAdmin(auth: AuthState, path = '/admin/withdraw') {
  stubServer({});
  return renderRoutes(
    [
      { path: '/', element: <p>Lobby</p> },
      {
        path: '/admin/*',
        element: (
          <AdminGuard>
            <p>Admin area</p>
          </AdminGuard>
        ),
      },
    ],
    path,
    auth,
  );
}

describe('the admin guard', () => {
  it('sends an anonymous visitor to / and replaces the history entry', () => {
    const { router } = openAdmin({ ...initialAuthState, checkedAuth: true });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('Lobby')).toBeInTheDocument();
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });

  it('sends a signed-in player to / and replaces the history entry', () => {
    const { router } = openAdmin({ ...signedInAdmin, userInfo: player }, '/admin/table/3');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });

  it('lets in a user with role ADMIN', () => {
    const { router } = openAdmin(signedInAdmin);
    expect(router.state.location.pathname).toBe('/admin/withdraw');
    expect(screen.getByText('Admin area')).toBeInTheDocument();
  });

  it('lets in a user with only the isAdmin flag', () => {
    openAdmin({ ...signedInAdmin, userInfo: { ...player, isAdmin: true } as CurrentUser });
    expect(screen.getByText('Admin area')).toBeInTheDocument();
  });

  it('waits, without redirecting, until authentication has been checked', () => {
    const { router } = openAdmin(initialAuthState);
    expect(router.state.location.pathname).toBe('/admin/withdraw');
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
    expect(screen.queryByText('Lobby')).not.toBeInTheDocument();
  });

  it('sends the admin to / as soon as the authentication state says signed out', () => {
    const { router, store } = openAdmin(signedInAdmin);
    expect(screen.getByText('Admin area')).toBeInTheDocument();
    act(() => {
      store.dispatch(unauthorized());
    });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
