import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FULLSCREEN_OVERLAY_DELAY_MS } from './constants';
import { useViewportHeight } from './useViewportHeight';

type Phase = 'overlay' | 'entering' | 'app';

interface FullscreenCapableElement extends HTMLElement {
  webkitRequestFullscreen?: () => Promise<void> | void;
}
interface FullscreenCapableDocument extends Document {
  webkitFullscreenElement?: Element | null;
}

/**
 * Spec §1: a full-screen 'Tap to Fullscreen' overlay must be tapped (click or touch) first. The tap
 * requests browser fullscreen and the app renders 100 ms later. Leaving fullscreen brings the overlay
 * back (the app stays mounted underneath, inert, so live state is kept). Browsers without the
 * Fullscreen API (iPhone Safari) still get the app after the tap.
 */
export function FullscreenGate({
  children,
  delayMs = FULLSCREEN_OVERLAY_DELAY_MS,
}: {
  children: ReactNode;
  delayMs?: number;
}) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('overlay');
  const [appMounted, setAppMounted] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useViewportHeight();

  const enter = useCallback(() => {
    if (phase !== 'overlay') return;
    setPhase('entering');
    requestFullscreen();
    timer.current = setTimeout(() => {
      timer.current = null;
      setPhase('app');
      setAppMounted(true);
    }, delayMs);
  }, [phase, delayMs]);

  useEffect(() => {
    const onChange = () => {
      if (!fullscreenElement()) {
        if (timer.current !== null) clearTimeout(timer.current);
        timer.current = null;
        setPhase('overlay');
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('webkitfullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('webkitfullscreenchange', onChange);
    };
  }, []);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const showOverlay = phase !== 'app';
  return (
    <>
      {appMounted && (
        <div className="app-root" inert={showOverlay} aria-hidden={showOverlay || undefined}>
          {children}
        </div>
      )}
      {showOverlay && (
        <button
          type="button"
          className="fullscreen-gate"
          onClick={enter}
          onTouchEnd={(event) => {
            event.preventDefault();
            enter();
          }}
          autoFocus
        >
          <span className="fullscreen-gate__brand">{t('app.name')}</span>
          <span className="fullscreen-gate__cta">{t('gate.tapToFullscreen')}</span>
        </button>
      )}
    </>
  );
}

function fullscreenElement(): Element | null {
  const doc = document as FullscreenCapableDocument;
  return doc.fullscreenElement ?? doc.webkitFullscreenElement ?? null;
}

function requestFullscreen(): void {
  const element = document.documentElement as FullscreenCapableElement;
  try {
    const request =
      element.requestFullscreen?.bind(element) ?? element.webkitRequestFullscreen?.bind(element);
    const result = request?.();
    if (result && typeof (result as Promise<void>).catch === 'function') {
      (result as Promise<void>).catch(() => {
        // Refused (not allowed, or embedded): the app still opens.
      });
    }
  } catch {
    // Not supported: the app still opens.
  }
}
