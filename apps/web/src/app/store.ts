import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { adminApi } from '../api/adminApi';
import { clearAccessToken } from '../api/session';
import { userApi } from '../api/userApi';
import { authSlice, loggedOut, setAuthenticated, setUserInfo } from './authSlice';
import { jackpotSlice, setJackpot } from './jackpotSlice';
import { saveTheme, setTheme, themeSlice, toggleTheme } from './themeSlice';
import { serverRestartSlice } from '../realtime/serverRestart';

const rootReducer = combineReducers({
  auth: authSlice.reducer,
  theme: themeSlice.reducer,
  jackpot: jackpotSlice.reducer,
  serverRestart: serverRestartSlice.reducer,
  [userApi.reducerPath]: userApi.reducer,
  [adminApi.reducerPath]: adminApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds the store; tests pass a preloaded state. */
export function createStore(preloadedState?: Partial<RootState>) {
  const listeners = createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().prepend(listeners.middleware).concat(userApi.middleware, adminApi.middleware),
  });

  // Every theme change is saved under themeMode.
  listeners.startListening({
    matcher: isAnyOf(setTheme, toggleTheme),
    effect: (_action, api) => saveTheme((api.getState() as RootState).theme.mode),
  });
  // The current user (GET /me) is the source of userInfo and balance; a success means authenticated.
  listeners.startListening({
    matcher: userApi.endpoints.getMe.matchFulfilled,
    effect: (action, api) => {
      api.dispatch(setUserInfo(action.payload));
      if (!(api.getState() as RootState).auth.isAuthenticated) api.dispatch(setAuthenticated(true));
    },
  });
  listeners.startListening({
    matcher: userApi.endpoints.getJackpot.matchFulfilled,
    effect: (action, api) => {
      api.dispatch(setJackpot(action.payload.amount));
    },
  });
  // When the client becomes signed out, the cached user data goes too (admin status is refetched).
  listeners.startListening({
    predicate: (_action, current, previous) =>
      (previous as RootState).auth.isAuthenticated !== (current as RootState).auth.isAuthenticated,
    effect: (_action, api) => {
      api.dispatch(userApi.util.invalidateTags(['Me']));
      api.dispatch(adminApi.util.resetApiState());
    },
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * Logout (spec §4): tell the server (best effort), clear the balance, mark signed out, remove the stored
 * token, and reload the page.
 */
export function logout(reload: () => void = () => window.location.reload()) {
  return async (dispatch: AppDispatch) => {
    try {
      await dispatch(userApi.endpoints.logout.initiate()).unwrap();
    } catch {
      // The token is dropped locally whatever the server says.
    }
    dispatch(loggedOut());
    clearAccessToken();
    reload();
  };
}
