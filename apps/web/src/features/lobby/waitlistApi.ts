import type { MyWaitlist, WaitlistsResponse } from '@tenger/protocol';
import { useEffect, useMemo, useState } from 'react';
import { userApi } from '../../api/userApi';
import { LOBBY_POLL_MS, WAITLIST_POLL_MS } from '../../app/constants';
import { useAppSelector } from '../../app/hooks';

/** The waiting lists of full cash tables, from the lobby (docs/protocol.md: GET /tables/waitlists). */
const waitlistEndpoints = userApi.injectEndpoints({
  endpoints: (build) => ({
    getMyWaitlists: build.query<WaitlistsResponse, void>({
      query: () => '/tables/waitlists',
      providesTags: ['TableList'],
    }),
    joinWaitlist: build.mutation<void, number>({
      query: (tableId) => ({ url: `/tables/${tableId}/waitlist`, method: 'POST' }),
      invalidatesTags: ['TableList'],
    }),
    leaveWaitlist: build.mutation<void, number>({
      query: (tableId) => ({ url: `/tables/${tableId}/waitlist`, method: 'DELETE' }),
      invalidatesTags: ['TableList'],
    }),
  }),
});

export const { useJoinWaitlistMutation, useLeaveWaitlistMutation } = waitlistEndpoints;

const NONE: ReadonlyMap<number, MyWaitlist> = new Map();

/**
 * The tables where anyone waits, by table id (none for visitors), re-read with the lobby: how many wait,
 * the player's place, and a seat held for the player (which the lobby offers, so it reaches them here).
 */
export function useMyWaitlists(): ReadonlyMap<number, MyWaitlist> {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const [waiting, setWaiting] = useState(false);
  const { data } = waitlistEndpoints.useGetMyWaitlistsQuery(undefined, {
    skip: !isAuthenticated,
    // On a list a freed seat is held for 30 s: asked more often, so the offer shows in time to take it.
    pollingInterval: waiting ? WAITLIST_POLL_MS : LOBBY_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const onList = Boolean(data?.tables.some((list) => list.place !== null));
  useEffect(() => setWaiting(onList), [onList]);
  return useMemo(
    () => (data && isAuthenticated ? new Map(data.tables.map((l) => [l.tableId, l])) : NONE),
    [data, isAuthenticated],
  );
}
