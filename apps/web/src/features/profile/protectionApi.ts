import type {
  Exclusion,
  ExclusionEndResponse,
  ExclusionKind,
  ExclusionPeriod,
  LimitsResponse,
  PlayerLimits,
  PlaySession,
  Withdrawal,
} from '@tenger/protocol';
import { userApi } from '../../api/userApi';

/** Player protection (docs/protocol.md, "Player protection"): limits, exclusion, sessions, statements. */
export const protectionApi = userApi
  .enhanceEndpoints({ addTagTypes: ['Limits', 'PlaySession'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getLimits: build.query<LimitsResponse, void>({
        query: () => '/limits',
        providesTags: ['Limits'],
      }),
      setLimits: build.mutation<LimitsResponse, PlayerLimits>({
        query: (body) => ({ url: '/limits', method: 'PUT', body }),
        invalidatesTags: ['PlaySession'],
        // The answer is the new state (in force and pending): it replaces the cached limits as it is.
        async onQueryStarted(_limits, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
          if (data) dispatch(protectionApi.util.upsertQueryData('getLimits', undefined, data));
        },
      }),
      exclude: build.mutation<Exclusion, { kind: ExclusionKind; period: ExclusionPeriod; password: string }>({
        query: (body) => ({ url: '/exclusion', method: 'POST', body }),
      }),
      /** An excluded player (no session) withdraws the whole available balance with their password. */
      excludedWithdrawal: build.mutation<Withdrawal, { username: string; password: string }>({
        query: (body) => ({ url: '/exclusion/withdrawal', method: 'POST', body }),
      }),
      /** An excluded player asks for their self-exclusion to end (7 days later, never before its period). */
      endExclusion: build.mutation<ExclusionEndResponse, { username: string; password: string }>({
        query: (body) => ({ url: '/exclusion/end', method: 'POST', body }),
      }),
      getPlaySession: build.query<PlaySession, void>({
        query: () => '/session',
        providesTags: ['PlaySession'],
      }),
      leaveTables: build.mutation<{ message: string }, void>({
        query: () => ({ url: '/session/leave', method: 'POST', body: {} }),
        invalidatesTags: ['PlaySession'],
      }),
      /** The statement of the UTC days from..to as CSV text. */
      statement: build.mutation<string, { from: string; to: string }>({
        query: ({ from, to }) => ({
          url: '/statement',
          method: 'GET',
          params: { from, to },
          responseHandler: (response: Response) => (response.ok ? response.text() : response.json()),
        }),
      }),
    }),
  });

export const {
  useGetLimitsQuery,
  useSetLimitsMutation,
  useExcludeMutation,
  useExcludedWithdrawalMutation,
  useEndExclusionMutation,
  useGetPlaySessionQuery,
  useLeaveTablesMutation,
  useStatementMutation,
} = protectionApi;
