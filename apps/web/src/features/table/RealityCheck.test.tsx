import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../app/authSlice';
import { playerMe } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import { RealityCheck } from './RealityCheck';

const signedIn = {
  auth: { ...initialAuthState, isAuthenticated: true, checkedAuth: true, userInfo: playerMe, userBalance: 0 },
};
const session = (minutesPlayed: number) => ({
  startedAt: '2026-03-01T10:00:00.000Z',
  minutesPlayed,
  net: -2_000,
  realityCheckMinutes: 60,
  sessionMinutes: null,
  endsAt: null,
  tableIds: [3],
});

afterEach(() => vi.unstubAllGlobals());

describe('the reality check at the table', () => {
  it('after an interval shows time played and the net result; "Leave tables" stands the player up everywhere', async () => {
    const { fetchFn, calls } = fakeFetch({
      'GET /api/v1/user/session': [200, session(61)],
      'POST /api/v1/user/session/leave': [200, { message: 'ok' }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<RealityCheck />, { preloadedState: signedIn });
    expect(await screen.findByText('You have played for 61 minutes.')).toBeInTheDocument();
    expect(screen.getByText('Your result this session: −₮2,000.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Leave tables' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/session/leave'))).toBe(true),
    );
  });

  it('shows nothing before the first interval', async () => {
    const { fetchFn, calls } = fakeFetch({ 'GET /api/v1/user/session': [200, session(59)] });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<RealityCheck />, { preloadedState: signedIn });
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryByText('Reality check')).toBeNull();
  });
});
