import { createApi } from '@reduxjs/toolkit/query/react';
import type { LockedMoney, MyTournamentPage } from '@tenger/protocol';
import { QUERY_KEEP_UNUSED_SECONDS, USER_API_PATH } from '../app/constants';
import { asList, authorizedBaseQuery } from './baseQuery';
import type { TournamentDetail, TournamentSummary } from './tournamentTypes';
import type {
  AuthResponse,
  BanksResponse,
  ContentBlock,
  CurrentUser,
  Deposit,
  Jackpot,
  LobbyTable,
  LoginRequest,
  Maintenance,
  Outcome,
  Page,
  RegisterRequest,
  Withdrawal,
  WithdrawalLimits,
} from './types';

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** Every call of the user API (spec §7), with the spec's cache tags and refreshes. */
export const userApi = createApi({
  reducerPath: 'userApi',
  baseQuery: authorizedBaseQuery(USER_API_PATH),
  keepUnusedDataFor: QUERY_KEEP_UNUSED_SECONDS,
  tagTypes: [
    'Me',
    'UserList',
    'WithdrawList',
    'DepositList',
    'TableList',
    'OutcomeList',
    'Block',
    'Maintenance',
    'Jackpot',
    'Tournaments',
  ],
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginRequest>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    register: build.mutation<AuthResponse, RegisterRequest>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
    }),
    forgotPassword: build.mutation<void, { email: string }>({
      query: (body) => ({ url: '/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<void, { token: string; password: string }>({
      query: (body) => ({ url: '/reset-password', method: 'POST', body }),
    }),
    /** Banks offered at registration (a server setting). A missing list is an empty one. */
    getBanks: build.query<BanksResponse, void>({
      query: () => '/banks',
      transformResponse: (response: unknown) => {
        const banks = (response as { banks?: unknown } | null)?.banks;
        return { banks: Array.isArray(banks) ? banks.filter((b): b is string => typeof b === 'string') : [] };
      },
    }),
    getMe: build.query<CurrentUser, void>({
      query: () => '/me',
      providesTags: ['Me'],
    }),
    updateMe: build.mutation<CurrentUser, Partial<CurrentUser> & Record<string, unknown>>({
      query: (body) => ({ url: '/me', method: 'PATCH', body }),
      invalidatesTags: ['UserList', 'Me'],
    }),
    searchUsers: build.query<unknown[], string>({
      query: (q) => ({ url: '/search', params: { q } }),
      transformResponse: (response: unknown) => asList<unknown>(response),
      providesTags: ['UserList'],
    }),
    getTables: build.query<LobbyTable[], void>({
      query: () => '/tables',
      transformResponse: (response: unknown) => asList<LobbyTable>(response),
      providesTags: ['TableList'],
    }),
    getDeposits: build.query<Page<Deposit>, PageQuery>({
      query: ({ page, pageSize }) => ({ url: '/deposit', params: { page, pageSize } }),
      transformResponse: (response: unknown, _meta, arg) => toPage<Deposit>(response, arg),
      providesTags: ['DepositList'],
    }),
    getWithdrawals: build.query<Page<Withdrawal>, PageQuery>({
      query: ({ page, pageSize }) => ({ url: '/withdrawal', params: { page, pageSize } }),
      transformResponse: (response: unknown, _meta, arg) => toPage<Withdrawal>(response, arg),
      providesTags: ['WithdrawList'],
    }),
    /** The form's limits: they follow the balance, so they refresh with Me. */
    getWithdrawalLimits: build.query<WithdrawalLimits, void>({
      query: () => '/withdrawal/limits',
      providesTags: ['Me'],
    }),
    createWithdrawal: build.mutation<Withdrawal, { amount: number }>({
      query: (body) => ({ url: '/withdrawal', method: 'POST', body }),
      invalidatesTags: ['WithdrawList', 'Me'],
    }),
    /** The player takes a pending withdrawal back: the money returns to the balance at once. */
    cancelWithdrawal: build.mutation<Withdrawal, number>({
      query: (withdrawalId) => ({ url: '/withdrawal/cancel', method: 'PUT', params: { withdrawalId } }),
      invalidatesTags: ['WithdrawList', 'Me'],
    }),
    /** What "locked" is made of; the argument (the locked total) makes it follow balance pushes. */
    getLockedMoney: build.query<LockedMoney, number>({
      query: () => '/balance/locked',
      providesTags: ['Me'],
    }),
    getOutcome: build.query<Page<Outcome>, PageQuery>({
      query: ({ page, pageSize }) => ({ url: '/outcome', params: { page, pageSize } }),
      transformResponse: (response: unknown, _meta, arg) => toPage<Outcome>(response, arg),
      providesTags: ['OutcomeList'],
    }),
    getMaintenance: build.query<Maintenance, void>({
      query: () => '/maintenance',
      providesTags: ['Maintenance'],
    }),
    getBlock: build.query<ContentBlock, string>({
      query: (name) => `/block/${encodeURIComponent(name)}`,
      providesTags: (_result, _error, name) => [{ type: 'Block', id: name }],
    }),
    getJackpot: build.query<Jackpot, void>({
      query: () => '/jackpot',
      providesTags: ['Jackpot'],
    }),
    /** The tournament list, re-read when the window regains focus. */
    getTournaments: build.query<TournamentSummary[], void>({
      query: () => '/tournaments',
      transformResponse: (response: unknown) => asList<TournamentSummary>(response),
      providesTags: [{ type: 'Tournaments', id: 'LIST' }],
    }),
    getTournament: build.query<TournamentDetail, number>({
      query: (tournamentId) => `/tournaments/${encodeURIComponent(String(tournamentId))}`,
      providesTags: (_result, _error, tournamentId) => [{ type: 'Tournaments', id: tournamentId }],
    }),
    /** The profile's list of the caller's own tournaments (place, prize), newest entry first. */
    getMyTournaments: build.query<MyTournamentPage, PageQuery>({
      query: ({ page, pageSize }) => ({ url: '/tournaments/mine', params: { page, pageSize } }),
      providesTags: [{ type: 'Tournaments', id: 'MINE' }],
    }),
    /** Buy-in and fee leave the balance, so Me refreshes too. */
    registerTournament: build.mutation<unknown, number>({
      query: (tournamentId) => ({
        url: `/tournaments/${encodeURIComponent(String(tournamentId))}/register`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, tournamentId) => [
        { type: 'Tournaments', id: 'LIST' },
        { type: 'Tournaments', id: 'MINE' },
        { type: 'Tournaments', id: tournamentId },
        'Me',
      ],
    }),
    /**
     * The scheduled formats (issue 21): a re-entry (`entryNumber`), a rebuy (`rebuyNumber`) or the
     * add-on. The numbers count the caller's own with this one, so a retried request is charged once.
     */
    tournamentChips: build.mutation<
      unknown,
      { tournamentId: number } & (
        { what: 'register'; entryNumber: number } | { what: 'rebuy'; rebuyNumber: number } | { what: 'addon' }
      )
    >({
      query: ({ tournamentId, what, ...body }) => ({
        url: `/tournaments/${encodeURIComponent(String(tournamentId))}/${what}`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { tournamentId }) => [
        { type: 'Tournaments', id: 'LIST' },
        { type: 'Tournaments', id: 'MINE' },
        { type: 'Tournaments', id: tournamentId },
        'Me',
      ],
    }),
    unregisterTournament: build.mutation<unknown, number>({
      query: (tournamentId) => ({
        url: `/tournaments/${encodeURIComponent(String(tournamentId))}/register`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, tournamentId) => [
        { type: 'Tournaments', id: 'LIST' },
        { type: 'Tournaments', id: 'MINE' },
        { type: 'Tournaments', id: tournamentId },
        'Me',
      ],
    }),
  }),
});

/** A page of results, whether the server sends `{items,total}` or a bare array. */
function toPage<T>(response: unknown, arg: PageQuery): Page<T> {
  const items = asList<T>(response);
  const total = (response as { total?: unknown } | null)?.total;
  return {
    items,
    total: typeof total === 'number' ? total : items.length,
    page: arg.page,
    pageSize: arg.pageSize,
  };
}

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useGetBanksQuery,
  useGetMeQuery,
  useUpdateMeMutation,
  useGetTablesQuery,
  useGetDepositsQuery,
  useGetWithdrawalsQuery,
  useGetWithdrawalLimitsQuery,
  useCreateWithdrawalMutation,
  useCancelWithdrawalMutation,
  useGetLockedMoneyQuery,
  useGetOutcomeQuery,
  useGetMaintenanceQuery,
  useGetBlockQuery,
  useGetJackpotQuery,
  useGetTournamentsQuery,
  useGetTournamentQuery,
  useLazyGetTournamentQuery,
  useGetMyTournamentsQuery,
  useRegisterTournamentMutation,
  useUnregisterTournamentMutation,
  useTournamentChipsMutation,
} = userApi;
