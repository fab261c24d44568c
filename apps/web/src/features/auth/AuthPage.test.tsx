import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerMe as user } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import AuthPage from './AuthPage';

afterEach(() => vi.unstubAllGlobals());

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the login page', () => {
  it("stores the token, signs in and says 'Successfully logged in'", async () => {
    const { fetchFn, calls } = fakeFetch({
      'POST /api/v1/user/login': [200, { accessToken: 'tok-9', user }],
      'GET /api/v1/user/me': [200, user],
    });
    vi.stubGlobal('fetch', fetchFn);
    const { store, router } = renderWithApp(<AuthPage mode="login" />, { path: '/auth/login' });
    fill('Username', 'bat');
    fill('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Successfully logged in')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ username: 'bat', password: 'secret-pass' });
    expect(localStorage.getItem('accessToken')).toBe('tok-9');
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, checkedAuth: true });
    expect(router.state.location.pathname).toBe('/');
  });

  it("says 'Login failed' for wrong credentials", async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/v1/user/login': [401, { error: { code: 'UNAUTHORIZED', message: 'Login failed' } }],
      }).fetchFn,
    );
    const { store } = renderWithApp(<AuthPage mode="login" />, { path: '/auth/login' });
    fill('Username', 'bat');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('an excluded account is told until when and can still withdraw its balance with the password', async () => {
    const { fetchFn, calls } = fakeFetch({
      'POST /api/v1/user/login': [
        403,
        {
          error: {
            code: 'excluded',
            message: 'Your account is in a time-out',
            fields: { until: '2026-12-01T10:00:00.000Z', kind: 'timeout' },
          },
        },
      ],
      'POST /api/v1/user/exclusion/withdrawal': [201, { withdrawalId: 4, amount: 12_000, status: 'pending' }],
    });
    vi.stubGlobal('fetch', fetchFn);
    const { store } = renderWithApp(<AuthPage mode="login" />, { path: '/auth/login' });
    fill('Username', 'bat');
    fill('Password', 'secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account is in a time-out until');
    expect(screen.queryByRole('button', { name: 'Ask to end my self-exclusion' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw my balance' }));
    expect(await screen.findByText('Your withdrawal of ₮12,000 is requested.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/exclusion/withdrawal'))?.body).toEqual({
      username: 'bat',
      password: 'secret-pass',
    });
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });
});

describe('the register page', () => {
  /** Fills every field; the 18+ and terms box is ticked unless told not to. */
  async function submitRegistration(acceptTerms = true) {
    fill('Email', 'bat@example.mn');
    fill('Username', 'bat');
    fill('Password', 'long-password-1');
    fill('Repeat password', 'long-password-1');
    fill('Bank', 'Khan Bank');
    fill('Account number', '5000123456');
    if (acceptTerms) fireEvent.click(screen.getByRole('checkbox', { name: /18 or older/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
  }

  it('refuses to register until 18+ and the terms are confirmed, and shows the terms', async () => {
    const { fetchFn, calls } = fakeFetch({
      'GET /api/v1/user/block/terms': [200, { name: 'terms', block: { en: 'Play fair, be 18+.', mn: '' } }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<AuthPage mode="register" />, { path: '/auth/register' });
    expect(await screen.findByText('Play fair, be 18+.')).toBeInTheDocument();
    await submitRegistration(false);
    expect(
      await screen.findByText('Confirm that you are 18 or older and accept the terms'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/register'))).toBe(false);
  });

  it("sends every field and says 'Registered successfully'", async () => {
    const { fetchFn, calls } = fakeFetch({
      'POST /api/v1/user/register': [201, { accessToken: 'tok-new', user }],
      'GET /api/v1/user/me': [200, user],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<AuthPage mode="register" />, { path: '/auth/register' });
    await submitRegistration();
    expect(await screen.findByText('Registered successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/register'))?.body).toEqual({
      email: 'bat@example.mn',
      username: 'bat',
      password: 'long-password-1',
      repeatPassword: 'long-password-1',
      bank: 'Khan Bank',
      accountNumber: '5000123456',
      acceptTerms: true,
    });
    expect(localStorage.getItem('accessToken')).toBe('tok-new');
  });

  it("shows 'Registration error: ' with the server's reason for a duplicate", async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/v1/user/register': [
          409,
          { error: { code: 'CONFLICT', message: 'Username already taken' } },
        ],
      }).fetchFn,
    );
    renderWithApp(<AuthPage mode="register" />, { path: '/auth/register' });
    await submitRegistration();
    expect(await screen.findByText('Registration error: Username already taken')).toBeInTheDocument();
  });

  it('shows the messages the server gives for individual fields under those fields', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/v1/user/register': [
          400,
          {
            error: {
              code: 'validation_failed',
              message: 'Choose one of the banks offered',
              fields: { bank: 'Choose one of the banks offered' },
            },
          },
        ],
      }).fetchFn,
    );
    renderWithApp(<AuthPage mode="register" />, { path: '/auth/register' });
    await submitRegistration();
    expect(
      await screen.findByText('Registration error: Please check the values you entered.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Choose one of the banks offered')).toHaveLength(1));
  });

  it("shows 'An error occurred during registration' when there is no reason", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('network down')));
    renderWithApp(<AuthPage mode="register" />, { path: '/auth/register' });
    await submitRegistration();
    await waitFor(() =>
      expect(screen.getByText('An error occurred during registration')).toBeInTheDocument(),
    );
  });

  it('refuses passwords that do not match before calling the server', async () => {
    const { fetchFn, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<AuthPage mode="register" />, { path: '/auth/register' });
    fill('Password', 'long-password-1');
    fill('Repeat password', 'other-password');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('offers the banks the server lists', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/v1/user/banks': [200, { banks: ['Khan Bank', 'Golomt Bank'] }] }).fetchFn,
    );
    renderWithApp(<AuthPage mode="register" />, { path: '/auth/register' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Bank' })).toBeInTheDocument());
  });
});

describe('the forgot-password page', () => {
  it('sends the email and says a link is on its way', async () => {
    const { fetchFn, calls } = fakeFetch({ 'POST /api/v1/user/forgot-password': [202, { accepted: true }] });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<AuthPage mode="forgot-password" />, { path: '/auth/forgot-password' });
    fill('Email', 'bat@example.mn');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a link to set a new password is on its way');
    expect(calls[calls.length - 1].body).toEqual({ email: 'bat@example.mn' });
  });
});
