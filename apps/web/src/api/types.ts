/**
 * Minimal types of the user API (issue 3), kept here until @tenger/protocol publishes its zod schemas.
 * Money fields are whole tugrik.
 */

export type Role = 'ADMIN' | 'USER' | (string & {});

export interface CurrentUser {
  userId: string;
  username: string;
  email: string;
  role: Role;
  isAdmin: boolean;
  balance: number;
  locked: number;
  bank?: string;
  accountNumber?: string;
  /** Server-side withdrawal limits, when the server shares them. */
  withdrawalLimits?: { min: number; max: number };
}

export interface AuthResponse {
  accessToken: string;
  user: CurrentUser;
}

export interface LoginRequest {
  username: string;
  password: string;
}

export interface RegisterRequest {
  email: string;
  username: string;
  password: string;
  repeatPassword: string;
  bank: string;
  accountNumber: string;
}

export type Variant = 'texas' | 'holdem' | 'omaha' | 'unknown' | (string & {});

export interface LobbyTable {
  tableId: string;
  no: number;
  name: string;
  variant: Variant;
  buyIn: { min: number; max: number };
  blinds: { small: number; big: number };
  players: { seated: number; max: number };
  status: string;
}

export interface Deposit {
  depositId?: string;
  code: string;
  amount: number;
  approvedAt?: string | null;
  createdAt?: string;
}

export type WithdrawalStatus = 'pending' | 'approved' | 'rejected' | (string & {});

export interface Withdrawal {
  withdrawalId: string;
  code: string;
  amount: number;
  requestedAt?: string;
  createdAt?: string;
  approvedBy?: string | null;
  approvedAt?: string | null;
  status: WithdrawalStatus;
  reason?: string | null;
}

export type OutcomeType = 'gameplay' | 'bonus' | 'recharge' | 'leave_seat' | 'buy_in' | (string & {});

export interface Outcome {
  outcomeId?: string;
  code: string;
  type: OutcomeType;
  amount: number;
  date?: string;
  createdAt?: string;
  tableId?: string | null;
  handId?: string | null;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface Maintenance {
  enabled: boolean;
  message: string;
}

export interface ContentBlock {
  name: string;
  block: string;
}

export interface Jackpot {
  amount: number;
}

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** Messages on /ws/global (spec §3, §7). */
export type GlobalServerMessage =
  | { type: 'BALANCE_UPDATE'; data: { userId: string; balance: number } }
  | { type: 'GAME'; action: 'JACKPOT_UPDATE'; amount: number };
