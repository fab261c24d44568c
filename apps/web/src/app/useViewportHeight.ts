import { useEffect } from 'react';

/** Keeps the CSS variable --vh (1 % of the real viewport height) current on every resize. */
export function useViewportHeight(): void {
  useEffect(() => {
    const update = () => {
      document.documentElement.style.setProperty('--vh', `${window.innerHeight * 0.01}px`);
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('orientationchange', update);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', update);
    };
  }, []);
}
