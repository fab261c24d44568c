import type { MessageResponse } from '@tenger/protocol';
import { adminApi } from '../../api/adminApi';

/** Another administrator's lost authenticator: cleared here, enrolled again at their next login. */
export const secondFactorResetApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    resetSecondFactor: build.mutation<MessageResponse, number>({
      query: (userId) => ({
        url: '/user/second-factor/reset',
        method: 'POST',
        params: { userId: String(userId) },
      }),
      invalidatesTags: ['UserList', 'Audit'],
    }),
  }),
});

export const { useResetSecondFactorMutation } = secondFactorResetApi;
