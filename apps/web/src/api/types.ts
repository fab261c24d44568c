/**
 * The user API's types, from the contract in @tenger/protocol (type-only imports: no zod in the bundle).
 * Local names keep the web app's vocabulary.
 */
import type {
  AuthResponse,
  BanksResponse,
  ContentBlock,
  Deposit,
  ErrorResponse,
  GlobalServerMessage,
  Jackpot,
  LocalizedText,
  LoginRequest,
  Maintenance,
  Me,
  Outcome,
  OutcomeType,
  Page,
  RegisterRequest,
  Role,
  TableSummary,
  Withdrawal,
  WithdrawalLimits,
  WithdrawalStatus,
} from '@tenger/protocol';

export type {
  AuthResponse,
  BanksResponse,
  ContentBlock,
  Deposit,
  GlobalServerMessage,
  Jackpot,
  LocalizedText,
  LoginRequest,
  Maintenance,
  Outcome,
  OutcomeType,
  Page,
  RegisterRequest,
  Role,
  Withdrawal,
  WithdrawalLimits,
  WithdrawalStatus,
};

/**
 * The signed-in user as GET /me returns it. The client treats ids and role names as opaque values (it
 * only compares them) and needs only the core fields, so it accepts what older servers and tests send.
 */
export type CurrentUser = Pick<Me, 'username' | 'email' | 'isAdmin' | 'balance' | 'locked'> &
  Partial<Pick<Me, 'bank' | 'accountNumber' | 'preferences' | 'createdAt'>> & {
    userId: Me['userId'] | string;
    role: Role | (string & {});
  };

/** One row of the lobby's table list (GET /tables). */
export type LobbyTable = TableSummary;
export type ApiErrorBody = ErrorResponse;
