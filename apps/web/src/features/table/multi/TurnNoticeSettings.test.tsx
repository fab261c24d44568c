import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { getTableSettings, reloadTableSettings } from '../settings';
import { TurnNoticeSettings } from './TurnNoticeSettings';

/** A browser's Notification whose permission answer the test chooses. */
function stubNotification(initial: NotificationPermission, answer: NotificationPermission) {
  const requestPermission = vi.fn(() => {
    Fake.permission = answer;
    return Promise.resolve(answer);
  });
  class Fake {
    static permission = initial;
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', Fake);
  return requestPermission;
}

beforeEach(() => reloadTableSettings());
afterEach(() => vi.unstubAllGlobals());

describe('the your-turn notice settings', () => {
  it('asks the browser only when the switch is turned on; allowed, the notification is on and kept', async () => {
    const ask = stubNotification('default', 'granted');
    const remember = vi.fn();
    renderWithApp(<TurnNoticeSettings remember={remember} />);
    expect(ask).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('switch', { name: 'Browser notification' }));
    await waitFor(() => expect(getTableSettings().turnNotification).toBe(true));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(remember).toHaveBeenCalledWith({ turnNotification: true });
    expect(screen.getByRole('switch', { name: 'Browser notification' })).toBeChecked();
  });

  it('refused, the switch stays off and says notifications are blocked', async () => {
    stubNotification('default', 'denied');
    renderWithApp(<TurnNoticeSettings remember={() => undefined} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Browser notification' }));
    expect(await screen.findByTestId('notification-permission')).toHaveTextContent(
      "Notifications are blocked for this site in the browser's settings.",
    );
    expect(getTableSettings().turnNotification).toBe(false);
    expect(screen.getByRole('switch', { name: 'Browser notification' })).toBeDisabled();
  });

  it('the title flash and vibration switch off and are kept with the account', async () => {
    stubNotification('default', 'default');
    vi.stubGlobal('navigator', { ...navigator, vibrate: () => true });
    const remember = vi.fn();
    renderWithApp(<TurnNoticeSettings remember={remember} />, { language: 'mn' });
    await userEvent.click(screen.getByRole('switch', { name: 'Хуудасны гарчгийг анивчуулах' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Чичиргээ (утсанд)' }));
    expect(getTableSettings()).toMatchObject({ turnTitleFlash: false, turnVibrate: false });
    expect(remember.mock.calls).toEqual([[{ turnTitleFlash: false }], [{ turnVibrate: false }]]);
  });
});
