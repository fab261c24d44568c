import type {
  SystemStatus,
  Adjustment,
  ApprovalQueue,
  RoleGrant,
  AuditPage,
  CreateAdjustmentRequest,
  DepositStatus,
  AdminData,
  AdminDeposit,
  AdminDepositPage,
  AdminMail,
  SharedPayoutResponse,
  AdminTable,
  AdminUser,
  AdminUserPage,
  ContentBlock,
  CreateDepositRequest,
  CreateTableRequest,
  LocalizedText,
  MessageResponse,
  OutcomePage,
  OutcomeType,
  Role,
  Settings,
  TableSession,
  UpdateSettingsRequest,
  UpdateTableRequest,
  AdminWithdrawal,
  AdminWithdrawalPage,
  WithdrawalStatus,
  CreateTournamentRequest,
  TournamentDetail,
  TournamentSimulationResponse,
  UpdateTournamentRequest,
} from '@tenger/protocol';
import type { ChainVerifyResponse } from '@tenger/protocol';
import { adminApi } from '../../api/adminApi';
import { userApi } from '../../api/userApi';

/** Query arguments of the paged admin lists (1-based pages). */
export interface UserSearchArgs {
  q?: string;
  /** Only bots (true), only people (false), or everyone (absent). */
  isBot?: boolean;
  page: number;
  pageSize: number;
}
export interface DepositListArgs {
  userId?: number;
  status?: DepositStatus;
  page: number;
  pageSize: number;
}
export interface WithdrawalListArgs {
  status?: WithdrawalStatus;
  userId?: number;
  page: number;
  pageSize: number;
}

export interface UserOutcomeArgs {
  userId: number;
  type?: OutcomeType;
  page: number;
  pageSize: number;
}

/** The Audit page's filters; `before` pages back (the previous answer's `nextBefore`). */
export interface AuditArgs {
  actor?: number;
  action?: string;
  target?: string;
  before?: number;
  limit?: number;
}

/** An adjustment with the key that makes a repeated submission move money once. */
export interface CreateAdjustmentArgs extends CreateAdjustmentRequest {
  idempotencyKey: string;
}

/** A deposit request with the key that makes a repeated submission credit once. */
export interface CreateDepositArgs extends CreateDepositRequest {
  idempotencyKey: string;
}

/**
 * The live session. Live tables add hands played, rake taken, the running hand's public board and
 * pots, and each seat's connection; the page shows them when present. Hole cards are never part of it.
 */
export interface LiveSession extends TableSession {
  handsPlayed?: number;
  rakeTaken?: number;
  board?: string[];
  pots?: { amount: number; eligible?: number[] }[];
  seats: (TableSession['seats'][number] & {
    connected?: boolean;
    status?: 'playing' | 'waiting' | 'sitting-out' | 'leaving';
  })[];
}

/** Only defined query values become query-string parameters. */
function params(values: Record<string, string | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') out[key] = String(value);
  }
  return out;
}

// What players read of a change is re-read after it (refreshPlayers, below).
const refreshLobbyTables = refreshPlayers('TableList');
const refreshPlayerBlocks = refreshPlayers('Block');
const refreshTournaments = refreshPlayers('Tournaments');

/**
 * Every call of the admin API (spec §7) with its cache tags. Deleting a user refreshes withdrawals,
 * deposits and users; table changes refresh tables (also the lobby's); block and settings changes
 * refresh what players read.
 */
export const adminEndpoints = adminApi.injectEndpoints({
  endpoints: (build) => ({
    searchUsers: build.query<AdminUserPage, UserSearchArgs>({
      query: ({ q, isBot, page, pageSize }) => ({
        url: '/user/search',
        params: params({ q, isBot: isBot === undefined ? undefined : String(isBot), page, pageSize }),
      }),
      providesTags: ['UserList'],
    }),
    getUserOutcomes: build.query<OutcomePage, UserOutcomeArgs>({
      query: ({ userId, type, page, pageSize }) => ({
        url: '/user/outcome',
        params: params({ userId, type, page, pageSize }),
      }),
      providesTags: ['UserList'],
    }),
    getUserMails: build.query<AdminMail[], number>({
      query: (userId) => ({ url: '/user/mail', params: { userId: String(userId) } }),
      providesTags: ['UserList'],
    }),
    /** Other accounts with the same payout bank account as the user. */
    getSharedPayout: build.query<SharedPayoutResponse, number>({
      query: (userId) => ({ url: '/user/shared-payout', params: { userId: String(userId) } }),
      providesTags: ['UserList'],
    }),
    deleteUser: build.mutation<AdminUser, number>({
      query: (userId) => ({ url: '/user', method: 'DELETE', params: { userId: String(userId) } }),
      invalidatesTags: ['WithdrawList', 'DepositList', 'UserList', 'Audit'],
    }),
    blockUser: build.mutation<AdminUser, number>({
      query: (userId) => ({ url: '/user/block', method: 'PUT', params: { userId: String(userId) } }),
      invalidatesTags: ['UserList', 'DepositList', 'Audit'],
    }),
    unblockUser: build.mutation<AdminUser, number>({
      query: (userId) => ({ url: '/user/unblock', method: 'PUT', params: { userId: String(userId) } }),
      invalidatesTags: ['UserList', 'Audit'],
    }),
    /** 201 posted; 202 a credit waiting for a second administrator (a pending deposit of kind adjustment). */
    createAdjustment: build.mutation<Adjustment | AdminDeposit, CreateAdjustmentArgs>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/adjustment',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['UserList', 'Data', 'Audit', 'Approvals'],
    }),
    /** 200 the user; 202 a grant of ADMIN waiting for a second administrator. */
    updateRole: build.mutation<AdminUser | RoleGrant, { userId: number; role: Role }>({
      query: ({ userId, role }) => ({
        url: '/user/role',
        method: 'PATCH',
        params: { userId: String(userId) },
        body: { role },
      }),
      invalidatesTags: ['UserList', 'Audit', 'Approvals'],
    }),

    getDeposits: build.query<AdminDepositPage, DepositListArgs>({
      query: ({ userId, status, page, pageSize }) => ({
        url: '/deposit',
        params: params({ userId, status, page, pageSize }),
      }),
      providesTags: ['DepositList'],
    }),
    createDeposit: build.mutation<AdminDeposit, CreateDepositArgs>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/deposit',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['DepositList', 'UserList', 'Data', 'Audit', 'Approvals'],
    }),
    approveDeposit: build.mutation<AdminDeposit, number>({
      query: (depositId) => ({
        url: '/deposit/approve',
        method: 'PUT',
        params: { depositId: String(depositId) },
      }),
      invalidatesTags: ['DepositList', 'UserList', 'Data', 'Audit', 'Approvals'],
    }),
    reverseDeposit: build.mutation<AdminDeposit, { depositId: number; reason: string; amount?: number }>({
      query: ({ depositId, ...body }) => ({
        url: '/deposit/reverse',
        method: 'POST',
        params: { depositId: String(depositId) },
        body,
      }),
      invalidatesTags: ['DepositList', 'UserList', 'Data', 'Audit'],
    }),

    /** Four-eyes: everything waiting for a second administrator, and what the caller may do with it. */
    getApprovals: build.query<ApprovalQueue, void>({
      query: () => ({ url: '/approvals' }),
      providesTags: ['Approvals'],
    }),
    cancelDeposit: build.mutation<AdminDeposit, Closing>({
      query: ({ id, reason }) => closing('/deposit/cancel', 'depositId', id, reason),
      invalidatesTags: ['DepositList', 'Approvals', 'Audit'],
    }),
    rejectDeposit: build.mutation<AdminDeposit, Closing>({
      query: ({ id, reason }) => closing('/deposit/reject', 'depositId', id, reason),
      invalidatesTags: ['DepositList', 'Approvals', 'Audit'],
    }),
    cancelWithdrawalApproval: build.mutation<AdminWithdrawal, Closing>({
      query: ({ id, reason }) => closing('/withdrawal/cancel-approval', 'withdrawalId', id, reason),
      invalidatesTags: ['WithdrawList', 'Approvals', 'Audit'],
    }),
    confirmRoleGrant: build.mutation<RoleGrant, number>({
      query: (grantId) => ({
        url: '/role-grant/confirm',
        method: 'PUT',
        params: { grantId: String(grantId) },
      }),
      invalidatesTags: ['UserList', 'Approvals', 'Audit'],
    }),
    cancelRoleGrant: build.mutation<RoleGrant, Closing>({
      query: ({ id, reason }) => closing('/role-grant/cancel', 'grantId', id, reason),
      invalidatesTags: ['Approvals', 'Audit'],
    }),
    rejectRoleGrant: build.mutation<RoleGrant, Closing>({
      query: ({ id, reason }) => closing('/role-grant/reject', 'grantId', id, reason),
      invalidatesTags: ['Approvals', 'Audit'],
    }),

    /** Every server process's figures (the System page polls it). */
    getSystem: build.query<SystemStatus, void>({ query: () => '/system' }),
    getAudit: build.query<AuditPage, AuditArgs>({
      query: ({ actor, action, target, before, limit }) => ({
        url: '/audit',
        params: params({ actor, action, target, before, limit }),
      }),
      providesTags: ['Audit'],
    }),
    /** The filtered audit log as CSV text. */
    exportAuditCsv: build.mutation<string, Omit<AuditArgs, 'before' | 'limit'>>({
      query: ({ actor, action, target }) => ({
        url: '/audit.csv',
        method: 'GET',
        params: params({ actor, action, target }),
        responseHandler: (response: Response) => (response.ok ? response.text() : response.json()),
      }),
    }),

    getWithdrawals: build.query<AdminWithdrawalPage, WithdrawalListArgs>({
      query: ({ status, userId, page, pageSize }) => ({
        url: '/withdrawal',
        params: params({ status, userId, page, pageSize }),
      }),
      providesTags: ['WithdrawList'],
    }),
    approveWithdrawal: build.mutation<AdminWithdrawal, number>({
      query: (withdrawalId) => ({
        url: '/withdrawal/approve',
        method: 'PUT',
        params: { withdrawalId: String(withdrawalId) },
      }),
      invalidatesTags: ['WithdrawList', 'UserList', 'Data', 'Audit', 'Approvals'],
    }),
    rejectWithdrawal: build.mutation<AdminWithdrawal, { withdrawalId: number; reason: string }>({
      query: ({ withdrawalId, reason }) => ({
        url: '/withdrawal/reject',
        method: 'PUT',
        params: { withdrawalId: String(withdrawalId) },
        body: { reason },
      }),
      invalidatesTags: ['WithdrawList', 'UserList', 'Data', 'Audit', 'Approvals'],
    }),

    getTables: build.query<AdminTable[], void>({
      query: () => '/table',
      providesTags: ['TableList'],
    }),
    createTable: build.mutation<AdminTable, CreateTableRequest>({
      query: (body) => ({ url: '/table', method: 'POST', body }),
      invalidatesTags: ['TableList', 'Audit'],
      onQueryStarted: refreshLobbyTables,
    }),
    updateTable: build.mutation<AdminTable, UpdateTableRequest & { tableId: number }>({
      query: (body) => ({ url: '/table', method: 'PATCH', body }),
      invalidatesTags: ['TableList', 'TableSession', 'Audit'],
      onQueryStarted: refreshLobbyTables,
    }),
    deleteTable: build.mutation<MessageResponse, number>({
      query: (tableId) => ({ url: '/table', method: 'DELETE', params: { tableId: String(tableId) } }),
      invalidatesTags: ['TableList', 'Audit'],
      onQueryStarted: refreshLobbyTables,
    }),
    getTableSession: build.query<LiveSession, number>({
      query: (tableId) => ({ url: '/table/session', params: { tableId: String(tableId) } }),
      providesTags: (_result, _error, tableId) => [{ type: 'TableSession', id: tableId }],
    }),
    kickPlayer: build.mutation<MessageResponse, { tableId: number; userId: number; reason?: string }>({
      query: ({ tableId, userId, reason }) => ({
        url: '/table/kick',
        method: 'DELETE',
        params: { tableId: String(tableId), userId: String(userId), ...(reason ? { reason } : {}) },
      }),
      invalidatesTags: ['TableList', 'TableSession', 'UserList', 'Audit'],
      onQueryStarted: refreshLobbyTables,
    }),
    startSimulation: build.mutation<string, number>({
      query: (tableId) => ({
        url: '/table/simulate',
        method: 'PUT',
        params: { tableId: String(tableId) },
        responseHandler: 'text',
      }),
      invalidatesTags: ['TableList', 'TableSession', 'Audit'],
      onQueryStarted: refreshLobbyTables,
    }),
    stopSimulation: build.mutation<string, number>({
      query: (tableId) => ({
        url: '/table/simulate',
        method: 'DELETE',
        params: { tableId: String(tableId) },
        responseHandler: 'text',
      }),
      invalidatesTags: ['TableList', 'TableSession', 'Audit'],
      onQueryStarted: refreshLobbyTables,
    }),

    // Tournaments: the list and pages are the user API's (GET /user/tournaments…), refreshed after each change.
    createTournament: build.mutation<TournamentDetail, CreateTournamentRequest>({
      query: (body) => ({ url: '/tournament', method: 'POST', body }),
      invalidatesTags: ['Audit'],
      onQueryStarted: refreshTournaments,
    }),
    updateTournament: build.mutation<TournamentDetail, UpdateTournamentRequest & { tournamentId: number }>({
      query: ({ tournamentId, ...body }) => ({
        url: '/tournament',
        method: 'PATCH',
        params: { tournamentId: String(tournamentId) },
        body,
      }),
      invalidatesTags: ['Audit'],
      onQueryStarted: refreshTournaments,
    }),
    cancelTournament: build.mutation<MessageResponse, number>({
      query: (tournamentId) => ({
        url: '/tournament',
        method: 'DELETE',
        params: { tournamentId: String(tournamentId) },
      }),
      invalidatesTags: ['Audit', 'Data'],
      onQueryStarted: refreshTournaments,
    }),
    addTournamentBots: build.mutation<TournamentSimulationResponse, { tournamentId: number; bots: number }>({
      query: ({ tournamentId, bots }) => ({
        url: '/tournament/simulate',
        method: 'PUT',
        params: { tournamentId: String(tournamentId), bots: String(bots) },
      }),
      invalidatesTags: ['Audit'],
      onQueryStarted: refreshTournaments,
    }),
    removeTournamentBots: build.mutation<TournamentSimulationResponse, number>({
      query: (tournamentId) => ({
        url: '/tournament/simulate',
        method: 'DELETE',
        params: { tournamentId: String(tournamentId) },
      }),
      invalidatesTags: ['Audit'],
      onQueryStarted: refreshTournaments,
    }),

    getBlocks: build.query<ContentBlock[], void>({
      query: () => '/block/list',
      providesTags: ['BlockList'],
    }),
    createBlock: build.mutation<ContentBlock, { name: string; block: LocalizedText }>({
      query: (body) => ({ url: '/block', method: 'POST', body }),
      invalidatesTags: ['BlockList', 'Audit'],
      onQueryStarted: refreshPlayerBlocks,
    }),
    updateBlock: build.mutation<ContentBlock, { name: string; block: LocalizedText }>({
      query: ({ name, block }) => ({ url: `/block/${encodeURIComponent(name)}`, method: 'PUT', body: block }),
      invalidatesTags: ['BlockList', 'Audit'],
      onQueryStarted: refreshPlayerBlocks,
    }),
    deleteBlock: build.mutation<MessageResponse, string>({
      query: (name) => ({ url: `/block/${encodeURIComponent(name)}`, method: 'DELETE' }),
      invalidatesTags: ['BlockList', 'Audit'],
      onQueryStarted: refreshPlayerBlocks,
    }),

    getSettings: build.query<Settings, void>({
      query: () => '/settings',
      providesTags: ['Settings'],
    }),
    updateSettings: build.mutation<Settings, UpdateSettingsRequest>({
      query: (body) => ({ url: '/settings', method: 'PUT', body }),
      invalidatesTags: ['Settings', 'Audit'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await settled(queryFulfilled);
        dispatch(userApi.util.invalidateTags(['Maintenance']));
      },
    }),

    /** The ledger's postings from the start of `from` to the end of `to` (UTC days) as CSV text. */
    exportLedgerCsv: build.mutation<string, { from: string; to: string }>({
      query: ({ from, to }) => ({
        url: '/ledger.csv',
        method: 'GET',
        params: { from, to },
        responseHandler: (response: Response) => (response.ok ? response.text() : response.json()),
      }),
    }),
    /** The books and `days` days of daily figures (the server's default, 30, when not given). */
    /** Re-hashes every stored hand (GET /admin/fairness/verify): the first break of the hand chain. */
    verifyHandChain: build.mutation<ChainVerifyResponse, void>({
      query: () => ({ url: '/fairness/verify', method: 'GET' }),
    }),
    getBooks: build.query<AdminData, number | void>({
      query: (days) => ({ url: '/data', params: params({ days: days ?? undefined }) }),
      providesTags: ['Data'],
    }),
  }),
});

/** Waits for a mutation to finish, whatever its outcome. */
async function settled(promise: Promise<unknown>): Promise<void> {
  try {
    await promise;
  } catch {
    // The component shows the error; the refresh is still due (the server may have changed state).
  }
}

type UserApiTag = Parameters<typeof userApi.util.invalidateTags>[0][number];

/** After a change (whatever its outcome), what players read of it is re-read too. */
function refreshPlayers(...tags: UserApiTag[]) {
  return async (
    _arg: unknown,
    {
      dispatch,
      queryFulfilled,
    }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
  ) => {
    await settled(queryFulfilled);
    dispatch(userApi.util.invalidateTags(tags));
  };
}

/** A waiting item closed with a reason (cancelled by its maker, rejected by another administrator). */
export interface Closing {
  id: number;
  reason: string;
}

function closing(url: string, idName: string, id: number, reason: string) {
  return { url, method: 'PUT', params: { [idName]: String(id) }, body: { reason } };
}

export const {
  useCreateTournamentMutation,
  useUpdateTournamentMutation,
  useCancelTournamentMutation,
  useAddTournamentBotsMutation,
  useRemoveTournamentBotsMutation,
  useGetApprovalsQuery,
  useCancelDepositMutation,
  useRejectDepositMutation,
  useCancelWithdrawalApprovalMutation,
  useConfirmRoleGrantMutation,
  useCancelRoleGrantMutation,
  useRejectRoleGrantMutation,
  useSearchUsersQuery,
  useGetUserOutcomesQuery,
  useGetUserMailsQuery,
  useGetSharedPayoutQuery,
  useDeleteUserMutation,
  useUpdateRoleMutation,
  useBlockUserMutation,
  useUnblockUserMutation,
  useCreateAdjustmentMutation,
  useGetDepositsQuery,
  useCreateDepositMutation,
  useApproveDepositMutation,
  useReverseDepositMutation,
  useGetAuditQuery,
  useGetSystemQuery,
  useExportAuditCsvMutation,
  useGetWithdrawalsQuery,
  useApproveWithdrawalMutation,
  useRejectWithdrawalMutation,
  useGetTablesQuery,
  useCreateTableMutation,
  useUpdateTableMutation,
  useDeleteTableMutation,
  useGetTableSessionQuery,
  useKickPlayerMutation,
  useStartSimulationMutation,
  useStopSimulationMutation,
  useGetBlocksQuery,
  useCreateBlockMutation,
  useUpdateBlockMutation,
  useDeleteBlockMutation,
  useGetSettingsQuery,
  useUpdateSettingsMutation,
  useGetBooksQuery,
  useVerifyHandChainMutation,
  useExportLedgerCsvMutation,
} = adminEndpoints;
