import { describe, expect, it } from 'vitest';
import { createStore } from './store';
import { readStoredTheme, setTheme, toggleTheme } from './themeSlice';

describe('theme', () => {
  it('starts light when nothing is saved', () => {
    expect(createStore().getState().theme.mode).toBe('light');
  });

  it('saves every change under themeMode', () => {
    const store = createStore();
    store.dispatch(toggleTheme());
    expect(localStorage.getItem('themeMode')).toBe('dark');
    store.dispatch(setTheme('light'));
    expect(localStorage.getItem('themeMode')).toBe('light');
  });

  it('reads the saved mode back at start', () => {
    createStore().dispatch(setTheme('dark'));
    expect(createStore().getState().theme.mode).toBe('dark');
  });

  it('ignores a saved value that is not a theme', () => {
    localStorage.setItem('themeMode', 'purple');
    expect(readStoredTheme()).toBe('light');
  });
});
