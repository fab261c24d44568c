import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { WaitlistPanel } from './WaitlistPanel';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const ME = 11;

function panel(
  props: { waitlist: Parameters<typeof WaitlistPanel>[0]['waitlist']; full?: boolean },
  language: 'en' | 'mn' = 'en',
) {
  const calls: string[] = [];
  const view = renderWithApp(
    <WaitlistPanel
      waitlist={props.waitlist}
      userId={ME}
      full={props.full ?? true}
      onJoin={() => calls.push('join')}
      onLeave={() => calls.push('leave')}
      onTake={(seat) => calls.push(`take ${seat}`)}
    />,
    { language },
  );
  return { calls, view };
}

afterEach(() => vi.useRealTimers());

describe('the waiting list at a full table', () => {
  it('offers to join a full table only, then shows your place and lets you leave', () => {
    const { view } = panel({ waitlist: null, full: false });
    expect(view.container).toBeEmptyDOMElement();
    view.unmount();
    const { calls, view: full } = panel({ waitlist: { userIds: [7], offer: null } });
    expect(screen.getByTestId('waitlist')).toHaveTextContent('The table is full. Waiting: 1.');
    fireEvent.click(screen.getByRole('button', { name: 'Join waiting list' }));
    expect(calls).toEqual(['join']);
    full.unmount();
    const waiting = panel({ waitlist: { userIds: [7, ME], offer: { userId: 7, seat: 2, deadline: NOW } } });
    expect(screen.getByTestId('waitlist')).toHaveTextContent('You are number 2 of 2 on the waiting list.');
    fireEvent.click(screen.getByRole('button', { name: 'Leave waiting list' }));
    expect(waiting.calls).toEqual(['leave']);
  });

  it('a seat held for you counts down and can be taken or passed, in both languages', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const waitlist = { userIds: [ME], offer: { userId: ME, seat: 2, deadline: NOW + 30_000 } };
    const { calls, view } = panel({ waitlist });
    expect(screen.getByTestId('waitlist-offer')).toHaveTextContent('Seat 3 is held for you: 30 s left.');
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('waitlist-offer')).toHaveTextContent('20 s left');
    fireEvent.click(screen.getByRole('button', { name: 'Take seat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pass' }));
    expect(calls).toEqual(['take 2', 'leave']);
    view.unmount();
    panel({ waitlist }, 'mn');
    expect(screen.getByTestId('waitlist-offer')).toHaveTextContent('3-р суудал танд хадгалагдаж байна');
    expect(screen.getByRole('button', { name: 'Суудалд суух' })).toBeEnabled();
  });
});
