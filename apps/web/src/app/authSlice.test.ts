import { describe, expect, it, vi, afterEach } from 'vitest';
import { fakeFetch } from '../test/render';
import { setAuthenticated, setUserBalance } from './authSlice';
import { createStore, logout } from './store';

afterEach(() => vi.unstubAllGlobals());

describe('auth state', () => {
  it('starts signed out, unchecked, without user and with a zero balance', () => {
    expect(createStore().getState().auth).toEqual({
      isAuthenticated: false,
      checkedAuth: false,
      userInfo: null,
      userBalance: 0,
    });
  });

  it('setAuthenticated sets the flag and marks authentication as checked', () => {
    const store = createStore();
    store.dispatch(setAuthenticated(true));
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, checkedAuth: true });
  });

  it('ignores a balance that is not whole tugrik', () => {
    const store = createStore();
    store.dispatch(setUserBalance(100));
    store.dispatch(setUserBalance(100.5));
    expect(store.getState().auth.userBalance).toBe(100);
  });

  it('logout clears the balance, signs out, removes the stored token and reloads', async () => {
    const { fetchFn, calls } = fakeFetch({ 'POST /api/v1/user/logout': [204, undefined] });
    vi.stubGlobal('fetch', fetchFn);
    localStorage.setItem('accessToken', 'tok');
    localStorage.setItem('token', 'old');
    const store = createStore();
    store.dispatch(setAuthenticated(true));
    store.dispatch(setUserBalance(5000));
    const reload = vi.fn();
    await store.dispatch(logout(reload));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/v1/user/logout']);
    expect(store.getState().auth.userBalance).toBe(0);
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('logout still signs out locally when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('network down')));
    localStorage.setItem('accessToken', 'tok');
    const store = createStore();
    const reload = vi.fn();
    await store.dispatch(logout(reload));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(reload).toHaveBeenCalled();
  });
});
