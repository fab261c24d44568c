import type { CurrentUser, LobbyTable } from '../api/types';

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
