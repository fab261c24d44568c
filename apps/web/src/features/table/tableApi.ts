import type { HandHistoryResponse } from '@tenger/protocol';
import { userApi } from '../../api/userApi';

/** The table feature's calls, added to the user API: one hand's history (record, PHH, text, revealed seed). */
export const tableApi = userApi.injectEndpoints({
  endpoints: (build) => ({
    getHand: build.query<HandHistoryResponse, string>({
      query: (handId) => `/hand/${encodeURIComponent(handId)}`,
    }),
  }),
});

export const { useGetHandQuery } = tableApi;
