import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * "The server is restarting": a socket (/ws/global or a table's) was closed with 1012 (Service
 * Restart, a deploy) and is reconnecting. The notice shows while any of them is, and goes when each
 * is back (or has given up).
 */
export type RestartingSocket = 'global' | 'table';

export interface ServerRestartState {
  sockets: RestartingSocket[];
}

export const serverRestartSlice = createSlice({
  name: 'serverRestart',
  initialState: { sockets: [] } as ServerRestartState,
  reducers: {
    restartBegan(state, action: PayloadAction<RestartingSocket>) {
      if (!state.sockets.includes(action.payload)) state.sockets.push(action.payload);
    },
    restartEnded(state, action: PayloadAction<RestartingSocket>) {
      state.sockets = state.sockets.filter((socket) => socket !== action.payload);
    },
  },
});

export const { restartBegan, restartEnded } = serverRestartSlice.actions;

export const selectServerRestarting = (state: { serverRestart: ServerRestartState }): boolean =>
  state.serverRestart.sockets.length > 0;
