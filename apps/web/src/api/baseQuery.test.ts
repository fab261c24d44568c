import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthenticated } from '../app/authSlice';
import { createStore } from '../app/store';
import { playerMe } from '../test/fixtures';
import { fakeFetch } from '../test/render';
import { adminApi } from './adminApi';
import { userApi } from './userApi';

const probe = adminApi.injectEndpoints({
  endpoints: (build) => ({ probeUsers: build.query<unknown, void>({ query: () => '/user/search' }) }),
});

afterEach(() => vi.unstubAllGlobals());

describe('authorized API calls', () => {
  it('send the stored access token as a Bearer header', async () => {
    localStorage.setItem('accessToken', 'tok-123');
    const { fetchFn, calls } = fakeFetch({ 'GET /api/v1/user/tables': [200, []] });
    vi.stubGlobal('fetch', fetchFn);
    const store = createStore();
    await store.dispatch(userApi.endpoints.getTables.initiate());
    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('a 401 from the user API marks the client as not authenticated and drops the refused token', async () => {
    localStorage.setItem('accessToken', 'expired');
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/v1/user/me': [401, { error: { code: 'UNAUTHORIZED', message: 'x' } }] }).fetchFn,
    );
    const store = createStore();
    store.dispatch(setAuthenticated(true));
    await store.dispatch(userApi.endpoints.getMe.initiate());
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(store.getState().auth.checkedAuth).toBe(true);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('a 401 from the admin API marks the client as not authenticated too', async () => {
    localStorage.setItem('accessToken', 'expired');
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/v1/admin/user/search': [401, { error: { code: 'UNAUTHORIZED', message: 'x' } }] })
        .fetchFn,
    );
    const store = createStore();
    store.dispatch(setAuthenticated(true));
    await store.dispatch(probe.endpoints.probeUsers.initiate());
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  it('a 403 does not sign the client out', async () => {
    localStorage.setItem('accessToken', 'player');
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/v1/admin/user/search': [403, { error: { code: 'FORBIDDEN', message: 'x' } }] })
        .fetchFn,
    );
    const store = createStore();
    store.dispatch(setAuthenticated(true));
    await store.dispatch(probe.endpoints.probeUsers.initiate());
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(localStorage.getItem('accessToken')).toBe('player');
  });

  it('GET /me fills userInfo and the balance and marks the client authenticated', async () => {
    localStorage.setItem('accessToken', 'good');
    const me = { ...playerMe, balance: 25000 };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/v1/user/me': [200, me] }).fetchFn);
    const store = createStore();
    await store.dispatch(userApi.endpoints.getMe.initiate());
    const auth = store.getState().auth;
    expect(auth.isAuthenticated).toBe(true);
    expect(auth.checkedAuth).toBe(true);
    expect(auth.userInfo?.username).toBe('bat');
    expect(auth.userBalance).toBe(25000);
  });
});
