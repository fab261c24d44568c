import { useEffect } from 'react';
import { getAccessToken } from '../api/session';
import { useGetMeQuery, useGetTableLookQuery } from '../api/userApi';
import { useGlobalSocket } from '../realtime/useGlobalSocket';
import { useAccountPreferences, type DevicePreferences } from './accountPreferences';
import { setAuthenticated } from './authSlice';
import { useAppDispatch, useAppSelector } from './hooks';

/**
 * Works out who is signed in at start: with a stored token GET /me decides (a 401 marks signed out);
 * without one the client is signed out at once. Keeps the live connection while signed in.
 */
export function AuthBootstrap({ devicePreferences }: { devicePreferences: DevicePreferences }) {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const hasToken = getAccessToken() !== null;
  const me = useGetMeQuery(undefined, { skip: !hasToken && !isAuthenticated });

  useEffect(() => {
    if (!hasToken) dispatch(setAuthenticated(false));
  }, [hasToken, dispatch]);

  useEffect(() => {
    // A network failure (server down) must not leave the app waiting for an answer forever.
    if (me.isError && !isAuthenticated) dispatch(setAuthenticated(false));
  }, [me.isError, isAuthenticated, dispatch]);

  // Settings saved to the account follow the player to every device (issue 12 part 9).
  useAccountPreferences(isAuthenticated ? me.data : undefined, devicePreferences);
  // The table's felt and card back (kept on the account) are at hand before any table opens.
  useGetTableLookQuery(undefined, { skip: !isAuthenticated });
  useGlobalSocket();
  return null;
}
