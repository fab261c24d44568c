import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_PLAYER_LIMITS } from '@tenger/protocol/rules';
import type { LimitsResponse } from '@tenger/protocol';
import { initialAuthState } from '../../app/authSlice';
import { playerMe } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import { dueRealityCheck } from '../table/RealityCheck';
import { ExclusionForm, LimitsForm } from './PlayerProtection';

const signedIn = {
  auth: { ...initialAuthState, isAuthenticated: true, checkedAuth: true, userInfo: playerMe, userBalance: 0 },
};
const NONE = { ...NO_PLAYER_LIMITS };
const USED = {
  depositDaily: 0,
  depositWeekly: 0,
  depositMonthly: 0,
  lossDaily: 0,
  lossWeekly: 0,
  lossMonthly: 0,
};
const limits = (over: Partial<LimitsResponse> = {}): LimitsResponse => ({
  inForce: NONE,
  pending: {},
  used: USED,
  depositsHeld: { count: 0, amount: 0 },
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('player protection in the Account tab', () => {
  it('saves every limit in one PUT (an empty field is no limit) and says when a raise applies', async () => {
    const saved = limits({
      inForce: { ...NONE, lossDaily: 5_000 },
      pending: { depositWeekly: { value: 90_000, effectiveAt: '2026-03-02T12:00:00.000Z' } },
      used: { ...USED, lossDaily: 1_200 },
    });
    const { fetchFn, calls } = fakeFetch({
      'GET /api/v1/user/limits': [200, limits({ inForce: { ...NONE, depositWeekly: 50_000 } })],
      'PUT /api/v1/user/limits': [200, saved],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<LimitsForm />, { preloadedState: signedIn });
    const form = await screen.findByRole('form', { name: 'Your limits' });
    await waitFor(() => expect(within(form).getByLabelText('Deposits per week (₮)')).toHaveValue('50000'));
    fireEvent.change(within(form).getByLabelText('Losses per day (₮)'), { target: { value: '5000' } });
    fireEvent.change(within(form).getByLabelText('Deposits per week (₮)'), { target: { value: '90000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...NONE,
      lossDaily: 5_000,
      depositWeekly: 90_000,
    });
    expect(await screen.findByTestId('pending-depositWeekly')).toHaveTextContent('Changes to ₮90,000 on');
  });

  it('asks to confirm a self-exclusion and sends the kind, period and password', async () => {
    const { fetchFn, calls } = fakeFetch({
      'GET /api/v1/user/limits': [200, limits()],
      'POST /api/v1/user/exclusion': [
        201,
        { kind: 'self-exclusion', period: '1y', until: '2027-03-01T00:00:00.000Z' },
      ],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<ExclusionForm />, { preloadedState: signedIn, language: 'mn' });
    const form = await screen.findByRole('form', { name: 'Завсарлага авах' });
    fireEvent.click(within(form).getByLabelText('Өөрийгөө хасах'));
    fireEvent.click(await within(form).findByLabelText('1 жил'));
    fireEvent.change(within(form).getByLabelText('Одоогийн нууц үг'), { target: { value: 'my-password' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Завсарлага эхлүүлэх' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Тийм, одоо эхлүүлэх' }, { timeout: 5_000 }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'self-exclusion',
      period: '1y',
      password: 'my-password',
    });
    expect((await screen.findAllByText('Та өөрийгөө хаслаа')).length).toBeGreaterThan(0);
  });

  it('shows deposits held by the deposit limit', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/v1/user/limits': [200, limits({ depositsHeld: { count: 1, amount: 5_000 } })] })
        .fetchFn,
    );
    renderWithApp(<LimitsForm />, { preloadedState: signedIn });
    expect(await screen.findByTestId('deposits-held')).toHaveTextContent(
      '1 deposit of ₮5,000 waits because it would pass your deposit limit.',
    );
  });
});

describe('reality checks', () => {
  it('one is due at each whole interval of the session, once', () => {
    expect(dueRealityCheck(59, 60, 0)).toBeNull();
    expect(dueRealityCheck(60, 60, 0)).toBe(1);
    expect(dueRealityCheck(75, 60, 1)).toBeNull();
    expect(dueRealityCheck(130, 60, 1)).toBe(2);
    expect(dueRealityCheck(45, 15, 1)).toBe(3);
  });
});
