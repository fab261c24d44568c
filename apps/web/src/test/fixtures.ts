import type { AdminUser } from '@tenger/protocol';
import type { CurrentUser, LobbyTable } from '../api/types';
import { initialAuthState } from '../app/authSlice';

export const playerMe: CurrentUser = {
  userId: 11,
  username: 'bat',
  email: 'bat@example.mn',
  role: 'PLAYER',
  isAdmin: false,
  balance: 50_000,
  locked: 0,
  bank: 'Khan Bank',
  accountNumber: '5000123456',
  preferences: {},
  createdAt: '2026-11-01T00:00:00.000Z',
};

export const adminMe: CurrentUser = {
  ...playerMe,
  userId: 1,
  username: 'root',
  role: 'ADMIN',
  isAdmin: true,
};

/** A row of the admin user list (user #7, bat). */
export function adminUserRow(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    userId: 7,
    username: 'bat',
    email: 'bat@tenger.test',
    role: 'PLAYER',
    status: 'active',
    isBot: false,
    balance: 120_000,
    locked: 0,
    bank: 'Khan Bank',
    accountNumber: '5000123456',
    preferences: {},
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSeenAt: null,
    depositReference: 'TP7K2QXM',
    ...overrides,
  };
}

/** The store of a signed-in player (playerMe) with `userBalance` available. */
export function signedInPlayer(userBalance = 50_000) {
  return {
    auth: { ...initialAuthState, isAuthenticated: true, checkedAuth: true, userInfo: playerMe, userBalance },
  };
}

export function lobbyTable(
  overrides: Partial<LobbyTable> & Pick<LobbyTable, 'tableId' | 'no' | 'name'>,
): LobbyTable {
  return {
    variant: 'holdem',
    betting: 'no-limit',
    buyIn: { min: 2000, max: 10000 },
    blinds: { small: 50, big: 100 },
    players: { seated: 0, max: 9 },
    status: 'waiting',
    ...overrides,
  };
}
