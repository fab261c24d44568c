import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../../test/render';
import ResetPasswordPage from './ResetPasswordPage';

afterEach(() => vi.unstubAllGlobals());

describe('the reset-password page', () => {
  it('sends the token from the link with the new password, then opens the login page', async () => {
    const { fetchFn, calls } = fakeFetch({ 'POST /api/v1/user/reset-password': [200, { message: 'ok' }] });
    vi.stubGlobal('fetch', fetchFn);
    const { router } = renderWithApp(<ResetPasswordPage />, {
      path: '/auth/reset-password?token=abc123abc123abc123',
    });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password-9' } });
    fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'new-password-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('Your password has been changed. Please log in.')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ token: 'abc123abc123abc123', password: 'new-password-9' });
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it("says in the reader's language why a link was refused (the code, not the server's English)", async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/v1/user/reset-password': [
          400,
          { error: { code: 'reset_link_invalid', message: 'This link has expired' } },
        ],
      }).fetchFn,
    );
    renderWithApp(<ResetPasswordPage />, { path: '/auth/reset-password?token=abc123abc123abc123' });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password-9' } });
    fireEvent.change(screen.getByLabelText('Repeat password'), { target: { value: 'new-password-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('This reset link is invalid or has expired.')).toBeInTheDocument();
  });

  it('says the link is incomplete when it has no token', () => {
    renderWithApp(<ResetPasswordPage />, { path: '/auth/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete.');
  });
});
