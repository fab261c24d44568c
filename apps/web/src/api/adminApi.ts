import { createApi } from '@reduxjs/toolkit/query/react';
import { ADMIN_API_PATH, QUERY_KEEP_UNUSED_SECONDS } from '../app/constants';
import { authorizedBaseQuery } from './baseQuery';

/**
 * The admin API base (spec §7). Endpoints are added by the admin feature with
 * `adminApi.injectEndpoints({ endpoints: (build) => ({ ... }) })`, using these tags.
 */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: authorizedBaseQuery(ADMIN_API_PATH),
  keepUnusedDataFor: QUERY_KEEP_UNUSED_SECONDS,
  tagTypes: [
    'UserList',
    'WithdrawList',
    'DepositList',
    'TableList',
    'TableSession',
    'BlockList',
    'Block',
    'Settings',
    'Data',
    'Audit',
    'Approvals',
    'Security',
  ],
  endpoints: () => ({}),
});
