import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../../test/render';
import AuthPage from './AuthPage';
import ResetPasswordPage from './ResetPasswordPage';

afterEach(() => vi.unstubAllGlobals());

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
const posts = (calls: { method: string }[]) => calls.filter((call) => call.method === 'POST');

describe("the forms check the server's rules in the browser, in the reader's language", () => {
  it('registration in Mongolian: a bad email, username, short password and account number are refused before sending', async () => {
    const { fetchFn, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchFn);
    const { container } = renderWithApp(<AuthPage mode="register" />, {
      path: '/auth/register',
      language: 'mn',
    });
    fill('Имэйл', 'not-an-email');
    fill('Хэрэглэгчийн нэр', 'a b');
    fill('Нууц үг', 'short');
    fill('Нууц үгээ давтана уу', 'short');
    fill('Дансны дугаар', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Бүртгэл үүсгэх' }));
    expect(await screen.findByText('Зөв имэйл хаяг оруулна уу')).toBeInTheDocument();
    expect(screen.getByText(/^Хэрэглэгчийн нэр 3-32 тэмдэгт/)).toBeInTheDocument();
    expect(screen.getByText('Нууц үг дор хаяж 8 тэмдэгт байна')).toBeInTheDocument();
    expect(screen.getByText('Дансны дугаар 4-34 оронтой байна')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
    // No native browser validation: nothing is `required` or `type=email`.
    expect(container.querySelector('input[required], input[type="email"]')).toBeNull();
  });

  it('login with empty fields says "required" in Mongolian and sends nothing', async () => {
    const { fetchFn, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<AuthPage mode="login" />, { path: '/auth/login', language: 'mn' });
    fireEvent.click(screen.getByRole('button', { name: 'Нэвтрэх' }));
    await waitFor(() => expect(screen.getAllByText('Энэ талбарыг бөглөнө үү')).toHaveLength(2));
    expect(posts(calls)).toHaveLength(0);
  });

  it('forgot-password refuses a malformed email in English before sending', async () => {
    const { fetchFn, calls } = fakeFetch({});
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<AuthPage mode="forgot-password" />, { path: '/auth/forgot-password' });
    fill('Email', 'bat@');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('the reset page refuses a short password before sending, and translates a dead link', async () => {
    const { fetchFn, calls } = fakeFetch({
      'POST /api/v1/user/reset-password': [
        400,
        { error: { code: 'reset_link_invalid', message: 'This reset link is invalid or has expired' } },
      ],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<ResetPasswordPage />, {
      path: '/auth/reset-password?token=abcdefabcdefabcdef',
      language: 'mn',
    });
    fill('Шинэ нууц үг', 'short');
    fill('Нууц үгээ давтана уу', 'short');
    fireEvent.click(screen.getByRole('button', { name: /Нууц үг хадгалах/ }));
    expect(await screen.findByText('Нууц үг дор хаяж 8 тэмдэгт байна')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
    fill('Шинэ нууц үг', 'long-enough-1');
    fill('Нууц үгээ давтана уу', 'long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: /Нууц үг хадгалах/ }));
    expect(
      await screen.findByText('Энэ сэргээх холбоос хүчингүй эсвэл хугацаа нь дууссан байна.'),
    ).toBeInTheDocument();
  });

  it('a taken username comes back in Mongolian, under the username field too', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/v1/user/register': [
          409,
          {
            error: {
              code: 'username_taken',
              message: 'Username is already taken',
              fields: { username: 'Already taken' },
            },
          },
        ],
      }).fetchFn,
    );
    renderWithApp(<AuthPage mode="register" />, { path: '/auth/register', language: 'mn' });
    fill('Имэйл', 'bat@example.mn');
    fill('Хэрэглэгчийн нэр', 'bat');
    fill('Нууц үг', 'long-password-1');
    fill('Нууц үгээ давтана уу', 'long-password-1');
    fill('Банк', 'Khan Bank');
    fill('Дансны дугаар', '5000123456');
    fireEvent.click(screen.getByRole('checkbox', { name: /Би 18 ба түүнээс дээш настай/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Бүртгэл үүсгэх' }));
    await waitFor(() =>
      expect(screen.getAllByText(/Энэ хэрэглэгчийн нэр бүртгэгдсэн байна\./).length).toBeGreaterThanOrEqual(
        2,
      ),
    );
    expect(screen.queryByText(/Username is already taken/)).toBeNull();
  });
});
