import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminGuard } from '../../app/AdminGuard';
import { adminUser, renderRoutes, signedInAdmin, stubServer } from '../admin/testKit';
import SecondFactorPage from './SecondFactorPage';
import AuthPage from './AuthPage';

afterEach(() => vi.unstubAllGlobals());

const U = '/api/v1/user';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = ['AAAAA-BBBBB', 'CCCCC-DDDDD', 'EEEEE-FFFFF'];

function openAt(path: string, auth = signedInAdmin) {
  return renderRoutes(
    [
      { path: '/auth/login', element: <AuthPage mode="login" /> },
      { path: '/auth/second-factor', element: <SecondFactorPage /> },
      {
        path: '/admin/*',
        element: (
          <AdminGuard>
            <p>Admin area</p>
          </AdminGuard>
        ),
      },
      { path: '/', element: <p>Lobby</p> },
    ],
    path,
    auth,
  );
}

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the administrator second factor in the browser', () => {
  it('after the password, an enrolled administrator is asked for the code and then reaches the admin pages', async () => {
    let passed = false;
    const server = stubServer({
      [`POST ${U}/login`]: [200, { accessToken: 'tok-admin', user: adminUser, secondFactor: 'verify' }],
      [`GET ${U}/second-factor`]: () => [
        200,
        { required: true, enrolled: true, passed, ...(passed ? {} : { step: 'verify' }) },
      ],
      [`POST ${U}/second-factor/verify`]: (request) => {
        if ((request.body as { code: string }).code !== '123456')
          return [
            400,
            { error: { code: 'second_factor_wrong', message: 'wrong', fields: { code: 'wrong' } } },
          ];
        passed = true;
        return [200, { message: 'Second factor passed' }];
      },
    });
    const { router, store } = openAt('/auth/login', {
      ...signedInAdmin,
      isAuthenticated: false,
      userInfo: null,
    });
    fill('Username', 'admin');
    fill('Password', 'admin-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/second-factor'));
    expect(store.getState().auth.secondFactorStep).toBe('verify');
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The code is wrong or has been used already.')).toBeInTheDocument();
    fill('Code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Admin area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(store.getState().auth.secondFactorStep).toBeUndefined();
    expect(server.calls('POST', `${U}/second-factor/verify`).map((r) => r.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('an admin page refused for a missing second factor sends the administrator to enter it', async () => {
    const { router, store } = openAt('/admin/withdraw', { ...signedInAdmin, secondFactorStep: 'verify' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/second-factor'));
    expect(store.getState().auth.secondFactorStep).toBe('verify');
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });

  it('a new administrator sets up the app: the QR code and the key as text, a first code, then the recovery codes once', async () => {
    const server = stubServer({
      [`GET ${U}/second-factor`]: [200, { required: true, enrolled: false, passed: false, step: 'enrol' }],
      [`POST ${U}/second-factor/enrolment`]: [
        200,
        {
          secret: SECRET,
          otpauthUri: `otpauth://totp/Tenger%20Poker:admin?secret=${SECRET}&issuer=Tenger%20Poker`,
        },
      ],
      [`POST ${U}/second-factor/enrolment/confirm`]: [200, { recoveryCodes: CODES }],
    });
    const { router } = openAt('/auth/second-factor', { ...signedInAdmin, secondFactorStep: 'enrol' });
    fireEvent.click(await screen.findByRole('button', { name: 'Set up the authenticator app' }));
    expect(await screen.findByTestId('second-factor-secret')).toHaveTextContent(SECRET);
    const qr = await screen.findByAltText('QR code for the authenticator app');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole('link', { name: 'Open in an authenticator app on this device' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^otpauth:\/\/totp\//),
    );
    fill('The 6-digit code the app shows now', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    for (const code of CODES) expect(list).toHaveTextContent(code);
    expect(server.calls('POST', `${U}/second-factor/enrolment/confirm`)[0].body).toEqual({ code: '654321' });
    fireEvent.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await screen.findByText('Admin area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });
});
