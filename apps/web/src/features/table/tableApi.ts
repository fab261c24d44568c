import type { HandHistoryResponse, MyHandsResponse } from '@tenger/protocol';
import { userApi } from '../../api/userApi';

/** The table feature's calls, added to the user API: one hand's history, and the caller's own hands. */
export const tableApi = userApi.injectEndpoints({
  endpoints: (build) => ({
    getHand: build.query<HandHistoryResponse, string>({
      query: (handId) => `/hand/${encodeURIComponent(handId)}`,
    }),
    /** The Replay list: the caller's newest hands at a table (number, time, own cards, board, result). */
    getMyHands: build.query<MyHandsResponse, { tableId: number }>({
      query: ({ tableId }) => ({ url: '/hands', params: { tableId, limit: 50 } }),
    }),
  }),
});

export const { useGetHandQuery, useGetMyHandsQuery } = tableApi;
