import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_THEME, STORAGE_KEYS, type ThemeMode } from './constants';

export interface ThemeState {
  mode: ThemeMode;
}

/** Reads the saved mode back; anything unexpected (or no storage) means the default, light. */
export function readStoredTheme(
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
): ThemeMode {
  const saved = storage?.getItem(STORAGE_KEYS.theme);
  return saved === 'dark' || saved === 'light' ? saved : DEFAULT_THEME;
}

export function saveTheme(
  mode: ThemeMode,
  storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage(),
) {
  try {
    storage?.setItem(STORAGE_KEYS.theme, mode);
  } catch {
    // Private mode or full storage: the theme still applies for this visit.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => ({ mode: readStoredTheme() }),
  reducers: {
    setTheme(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
    toggleTheme(state) {
      state.mode = state.mode === 'light' ? 'dark' : 'light';
    },
  },
});

export const { setTheme, toggleTheme } = themeSlice.actions;
