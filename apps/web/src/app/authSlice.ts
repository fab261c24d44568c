import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CurrentUser } from '../api/types';

/** Client auth state exactly as spec §3. */
export interface AuthState {
  isAuthenticated: boolean;
  checkedAuth: boolean;
  userInfo: CurrentUser | null;
  userBalance: number;
  /**
   * An administrator's session still owes the second factor (`verify`) or its enrolment (`enrol`): the
   * admin pages send them to /auth/second-factor. Set by the login answer or a 403 from the admin API.
   */
  secondFactorStep?: 'verify' | 'enrol';
}

export const initialAuthState: AuthState = {
  isAuthenticated: false,
  checkedAuth: false,
  userInfo: null,
  userBalance: 0,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** Sets the flag and marks authentication as checked. */
    setAuthenticated(state, action: PayloadAction<boolean>) {
      state.isAuthenticated = action.payload;
      state.checkedAuth = true;
      if (!action.payload) state.userInfo = null;
    },
    setUserInfo(state, action: PayloadAction<CurrentUser | null>) {
      state.userInfo = action.payload;
      if (action.payload && Number.isSafeInteger(action.payload.balance)) {
        state.userBalance = action.payload.balance;
      }
    },
    setUserBalance(state, action: PayloadAction<number>) {
      if (Number.isSafeInteger(action.payload)) state.userBalance = action.payload;
    },
    /** BALANCE_UPDATE on /ws/global: the shown balance, and the locked amount when the server sends it. */
    balanceUpdated(state, action: PayloadAction<{ balance: number; locked?: number }>) {
      const { balance, locked } = action.payload;
      if (Number.isSafeInteger(balance)) state.userBalance = balance;
      if (state.userInfo && locked !== undefined && Number.isSafeInteger(locked))
        state.userInfo.locked = locked;
    },
    /** What the session still owes before the admin API answers; undefined when nothing. */
    secondFactorStepSet(state, action: PayloadAction<'verify' | 'enrol' | undefined>) {
      state.secondFactorStep = action.payload;
    },
    /** Any 401 from either API. */
    unauthorized(state) {
      state.isAuthenticated = false;
      state.checkedAuth = true;
      state.userInfo = null;
      state.secondFactorStep = undefined;
    },
    /** The state half of logout (the thunk also removes the token and reloads). */
    loggedOut(state) {
      state.userBalance = 0;
      state.isAuthenticated = false;
      state.userInfo = null;
      state.secondFactorStep = undefined;
    },
  },
});

export const {
  setAuthenticated,
  setUserInfo,
  setUserBalance,
  balanceUpdated,
  unauthorized,
  loggedOut,
  secondFactorStepSet,
} = authSlice.actions;
