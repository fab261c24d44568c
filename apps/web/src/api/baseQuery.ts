import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { secondFactorStepSet, unauthorized } from '../app/authSlice';
import { clearAccessToken, getAccessToken } from './session';
import type { ApiErrorBody } from './types';

/** The API host: the page's own origin (dev server proxies /api), or VITE_API_HOST when set. */
export function apiHost(): string {
  const configured = import.meta.env.VITE_API_HOST as string | undefined;
  if (configured) return configured.replace(/\/$/, '');
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/**
 * fetchBaseQuery for one API base with the stored token as `Authorization: Bearer`, and the spec's rule:
 * any 401 marks the client as not authenticated; a 403 asking for the second factor says which step is left.
 */
export function authorizedBaseQuery(
  basePath: string,
): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> {
  const rawBaseQuery = fetchBaseQuery({
    baseUrl: `${apiHost()}${basePath}`,
    prepareHeaders(headers) {
      const token = getAccessToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  });
  return async (args, api, extraOptions) => {
    const sentToken = getAccessToken();
    const result = await rawBaseQuery(args, api, extraOptions);
    if (result.error?.status === 401) {
      // A refused token is of no further use (expired, revoked, or the account blocked).
      if (sentToken && sentToken === getAccessToken()) clearAccessToken();
      api.dispatch(unauthorized());
    }
    if (result.error?.status === 403) {
      // An administrator's session without its second factor: the admin pages send them to enter it.
      const code = (result.error.data as Partial<ApiErrorBody> | undefined)?.error?.code;
      if (code === 'second_factor_required') api.dispatch(secondFactorStepSet('verify'));
      if (code === 'second_factor_enrolment_required') api.dispatch(secondFactorStepSet('enrol'));
    }
    return result;
  };
}

/** The server's message from `{error:{code,message}}`, if the error has one. */
export function apiErrorMessage(error: unknown): string | undefined {
  const data = (error as { data?: unknown } | undefined)?.data as Partial<ApiErrorBody> | undefined;
  const message = data?.error?.message;
  return typeof message === 'string' && message.length > 0 ? message : undefined;
}

/** Per-field messages from `{error:{fields}}`, if any. */
export function apiErrorFields(error: unknown): Record<string, string> {
  const data = (error as { data?: unknown } | undefined)?.data as Partial<ApiErrorBody> | undefined;
  const fields = data?.error?.fields;
  return fields && typeof fields === 'object' ? fields : {};
}

export function apiErrorStatus(error: unknown): number | string | undefined {
  return (error as { status?: number | string } | undefined)?.status;
}

/** Lists may come bare or wrapped as `{items}`; the UI wants the array. */
export function asList<T>(response: unknown): T[] {
  if (Array.isArray(response)) return response as T[];
  const items = (response as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? (items as T[]) : [];
}
