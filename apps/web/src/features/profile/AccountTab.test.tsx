import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../app/authSlice';
import { playerMe } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import { AccountTab } from './AccountTab';

const signedIn = {
  auth: { ...initialAuthState, isAuthenticated: true, checkedAuth: true, userInfo: playerMe, userBalance: 0 },
};

afterEach(() => vi.unstubAllGlobals());

function fillIn(section: HTMLElement, label: string, value: string) {
  fireEvent.change(within(section).getByLabelText(label), { target: { value } });
}

describe('the Account tab', () => {
  it('changes the email with the current password', async () => {
    const { fetchFn, calls } = fakeFetch({
      'GET /api/v1/user/me': [200, playerMe],
      'PATCH /api/v1/user/me': [200, { ...playerMe, email: 'new@example.mn' }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<AccountTab />, { preloadedState: signedIn });
    const section = await screen.findByTestId('account-email');
    fillIn(section, 'Email', 'new@example.mn');
    fillIn(section, 'Current password', 'my-password');
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Saved.');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      email: 'new@example.mn',
      currentPassword: 'my-password',
    });
  });

  it('says in Mongolian that the current password is wrong, under the field too', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v1/user/me': [200, playerMe],
        'PATCH /api/v1/user/me': [
          400,
          {
            error: {
              code: 'wrong_password',
              message: 'Current password is wrong',
              fields: { currentPassword: 'Current password is wrong' },
            },
          },
        ],
      }).fetchFn,
    );
    renderWithApp(<AccountTab />, { preloadedState: signedIn, language: 'mn' });
    const section = screen.getByTestId('account-password');
    fillIn(section, 'Шинэ нууц үг', 'brand-new-pass');
    fillIn(section, 'Шинэ нууц үгээ давтана уу', 'brand-new-pass');
    fillIn(section, 'Одоогийн нууц үг', 'wrong');
    fireEvent.click(within(section).getByRole('button', { name: 'Хадгалах' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Одоогийн нууц үг буруу байна.');
    await waitFor(() =>
      expect(within(section).getAllByText('Одоогийн нууц үг буруу байна.')).toHaveLength(2),
    );
  });

  it('refuses a short new password and a missing current password before sending', async () => {
    const { fetchFn, calls } = fakeFetch({ 'GET /api/v1/user/me': [200, playerMe] });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<AccountTab />, { preloadedState: signedIn });
    const section = screen.getByTestId('account-password');
    fillIn(section, 'New password', 'short');
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(within(section).getAllByText('This field is required').length).toBeGreaterThanOrEqual(1);
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });
});
