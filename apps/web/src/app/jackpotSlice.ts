import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The shared jackpot: read from GET /jackpot, then kept live by JACKPOT_UPDATE on /ws/global. */
export interface JackpotState {
  amount: number | null;
}

export const jackpotSlice = createSlice({
  name: 'jackpot',
  initialState: { amount: null } as JackpotState,
  reducers: {
    setJackpot(state, action: PayloadAction<number>) {
      if (Number.isSafeInteger(action.payload)) state.amount = action.payload;
    },
  },
});

export const { setJackpot } = jackpotSlice.actions;
