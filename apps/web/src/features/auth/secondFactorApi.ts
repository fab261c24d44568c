import type {
  MessageResponse,
  RecoveryCodes,
  SecondFactorEnrolment,
  SecondFactorStatus,
} from '@tenger/protocol';
import { userApi } from '../../api/userApi';

/** The administrator's second factor for this session (server: routes/user/secondFactor.ts). */
export const secondFactorApi = userApi.injectEndpoints({
  endpoints: (build) => ({
    getSecondFactor: build.query<SecondFactorStatus, void>({
      query: () => '/second-factor',
      // Always asked afresh: the answer changes with every code entered.
      keepUnusedDataFor: 0,
    }),
    startSecondFactorEnrolment: build.mutation<SecondFactorEnrolment, void>({
      query: () => ({ url: '/second-factor/enrolment', method: 'POST' }),
    }),
    confirmSecondFactorEnrolment: build.mutation<RecoveryCodes, { code: string }>({
      query: (body) => ({ url: '/second-factor/enrolment/confirm', method: 'POST', body }),
    }),
    verifySecondFactor: build.mutation<MessageResponse, { code: string }>({
      query: (body) => ({ url: '/second-factor/verify', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetSecondFactorQuery,
  useStartSecondFactorEnrolmentMutation,
  useConfirmSecondFactorEnrolmentMutation,
  useVerifySecondFactorMutation,
} = secondFactorApi;
