import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FULLSCREEN_OVERLAY_DELAY_MS } from './constants';
import { FullscreenGate } from './FullscreenGate';
import { createI18n } from './i18n';

function renderGate() {
  localStorage.setItem('i18nextLng', 'en');
  return render(
    <I18nextProvider i18n={createI18n()}>
      <FullscreenGate>
        <p>the app</p>
      </FullscreenGate>
    </I18nextProvider>,
  );
}

function setFullscreenElement(element: Element | null) {
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
}

describe('FullscreenGate', () => {
  let requestFullscreen: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.useFakeTimers();
    requestFullscreen = vi.fn(() => {
      setFullscreenElement(document.documentElement);
      return Promise.resolve();
    });
    document.documentElement.requestFullscreen = requestFullscreen as unknown as () => Promise<void>;
    setFullscreenElement(null);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the Tap to Fullscreen overlay and not the app before the first tap', () => {
    renderGate();
    expect(screen.getByRole('button', { name: /Tap to Fullscreen/ })).toBeInTheDocument();
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
  });

  it('requests fullscreen on click and renders the app only after 100 ms', () => {
    renderGate();
    fireEvent.click(screen.getByRole('button', { name: /Tap to Fullscreen/ }));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(FULLSCREEN_OVERLAY_DELAY_MS - 1));
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('the app')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tap to Fullscreen/ })).not.toBeInTheDocument();
  });

  it('answers a touch the same way as a click', () => {
    renderGate();
    fireEvent.touchEnd(screen.getByRole('button', { name: /Tap to Fullscreen/ }));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(FULLSCREEN_OVERLAY_DELAY_MS));
    expect(screen.getByText('the app')).toBeInTheDocument();
  });

  it('brings the overlay back when fullscreen is left, keeping the app mounted but inert', () => {
    renderGate();
    fireEvent.click(screen.getByRole('button', { name: /Tap to Fullscreen/ }));
    act(() => vi.advanceTimersByTime(FULLSCREEN_OVERLAY_DELAY_MS));
    act(() => {
      setFullscreenElement(null);
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    expect(screen.getByRole('button', { name: /Tap to Fullscreen/ })).toBeInTheDocument();
    const app = screen.getByText('the app', { selector: 'p' }).closest('.app-root');
    expect(app).toHaveAttribute('inert');
    fireEvent.click(screen.getByRole('button', { name: /Tap to Fullscreen/ }));
    expect(requestFullscreen).toHaveBeenCalledTimes(2);
    act(() => vi.advanceTimersByTime(FULLSCREEN_OVERLAY_DELAY_MS));
    expect(screen.queryByRole('button', { name: /Tap to Fullscreen/ })).not.toBeInTheDocument();
  });

  it('still opens the app when the browser refuses fullscreen', async () => {
    requestFullscreen.mockImplementation(() => Promise.reject(new Error('not allowed')));
    renderGate();
    fireEvent.click(screen.getByRole('button', { name: /Tap to Fullscreen/ }));
    await act(async () => vi.advanceTimersByTime(FULLSCREEN_OVERLAY_DELAY_MS));
    expect(screen.getByText('the app')).toBeInTheDocument();
  });

  it('updates the --vh variable on every resize', () => {
    renderGate();
    act(() => {
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: 640 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(document.documentElement.style.getPropertyValue('--vh')).toBe('6.4px');
    act(() => {
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: 900 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(document.documentElement.style.getPropertyValue('--vh')).toBe('9px');
  });
});
