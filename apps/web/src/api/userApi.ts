import { createApi } from '@reduxjs/toolkit/query/react';
import type {
  DepositInfo,
  LockedMoney,
  MyTournamentPage,
  TableLook,
  TournamentDealRequest,
  TournamentTicket,
} from '@tenger/protocol';
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
/** What an entry (or a rebuy, or an unregistration) changes: the lists, the caller's tournaments and tickets, the tournament, the balance. */
function entryTags(tournamentId: number) {
  return [
    { type: 'Tournaments' as const, id: 'LIST' },
    { type: 'Tournaments' as const, id: 'MINE' },
    { type: 'Tournaments' as const, id: 'TICKETS' },
    { type: 'Tournaments' as const, id: tournamentId },
    'Me' as const,
  ];
}

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
    'TableLook',
  ],
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginRequest>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
      invalidatesTags: ['Me', 'TableLook'],
    }),
    register: build.mutation<AuthResponse, RegisterRequest>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
      invalidatesTags: ['Me', 'TableLook'],
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
    /** The felt and card back kept on the account (loaded at start, AuthBootstrap). */
    getTableLook: build.query<TableLook, void>({
      query: () => '/table-look',
      providesTags: ['TableLook'],
    }),
    /** Shows the choice at once; a refusal puts the account's look back. */
    setTableLook: build.mutation<TableLook, TableLook>({
      query: (body) => ({ url: '/table-look', method: 'PUT', body }),
      async onQueryStarted(look, { dispatch, queryFulfilled }) {
        const patch = dispatch(userApi.util.updateQueryData('getTableLook', undefined, () => look));
        await queryFulfilled.catch(() => patch.undo());
      },
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
    /** The player's deposit reference and the site's receiving accounts (both languages). */
    getDepositInfo: build.query<DepositInfo, void>({
      query: () => '/deposit/info',
      providesTags: ['Me'],
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
    /** The profile's Tickets list: the caller's satellite tickets (target, value, status), newest first. */
    getMyTickets: build.query<TournamentTicket[], void>({
      query: () => '/tickets',
      transformResponse: (response: unknown) => asList<TournamentTicket>(response),
      providesTags: [{ type: 'Tournaments', id: 'TICKETS' }],
    }),
    /** Buy-in and fee leave the balance (or a ticket is used), so Me and the tickets refresh too. */
    registerTournament: build.mutation<unknown, number>({
      query: (tournamentId) => ({
        url: `/tournaments/${encodeURIComponent(String(tournamentId))}/register`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, tournamentId) => entryTags(tournamentId),
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
      invalidatesTags: (_result, _error, { tournamentId }) => entryTags(tournamentId),
    }),
    /** The final-table deal: ask (or withdraw), accept a proposal or decline; an agreed deal pays into the balance. */
    tournamentDeal: build.mutation<unknown, { tournamentId: number } & TournamentDealRequest>({
      query: ({ tournamentId, ...body }) => ({
        url: `/tournaments/${encodeURIComponent(String(tournamentId))}/deal`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { tournamentId }) => [
        { type: 'Tournaments', id: tournamentId },
        'Me',
      ],
    }),
    unregisterTournament: build.mutation<unknown, number>({
      query: (tournamentId) => ({
        url: `/tournaments/${encodeURIComponent(String(tournamentId))}/register`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, tournamentId) => entryTags(tournamentId),
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
  useGetTableLookQuery,
  useSetTableLookMutation,
  useGetTablesQuery,
  useGetDepositsQuery,
  useGetDepositInfoQuery,
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
  useGetMyTicketsQuery,
  useRegisterTournamentMutation,
  useUnregisterTournamentMutation,
  useTournamentChipsMutation,
  useTournamentDealMutation,
} = userApi;
