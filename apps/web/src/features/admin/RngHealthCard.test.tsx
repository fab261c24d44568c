import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RngHealthCard } from './RngHealthCard';
import { renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const health = (over: object) => ({
  hands: 10_000,
  windowHands: 10_000,
  chiSquare: 2_601.4,
  degreesOfFreedom: 2_601,
  pValue: 0.7432,
  enoughHands: true,
  alert: false,
  ...over,
});

describe('RNG health on the Data page', () => {
  it('shows the chi-square, its degrees of freedom and p-value, and that the deals pass', async () => {
    stubServer({ 'GET /api/v1/admin/rng': [200, health({})] });
    renderAdmin(<RngHealthCard />, '/admin/data');
    const card = await screen.findByTestId('rng-health');
    expect(
      within(card).getByText('The deals pass the test at 99.9 % over the last 10,000 hands.'),
    ).toBeInTheDocument();
    expect(card).toHaveTextContent('Degrees of freedom2,601');
    expect(card).toHaveTextContent('p-value0.7432');
  });

  it('raises the alert when the deals fail at 99.9 %', async () => {
    stubServer({ 'GET /api/v1/admin/rng': [200, health({ chiSquare: 4_100, pValue: 1e-12, alert: true })] });
    renderAdmin(<RngHealthCard />, '/admin/data');
    const card = await screen.findByTestId('rng-health');
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'Alert: the deals of the last 10,000 hands fail',
    );
    expect(card).toHaveTextContent('p-value1.0e-12');
  });
});
