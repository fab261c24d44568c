import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlocksPanel } from './BlocksPanel';
import { renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const block = (name: string) => ({
  name,
  block: { en: `${name} text`, mn: `${name} текст` },
  updatedAt: '2026-11-01T10:00:00.000Z',
});

describe('the content blocks panel', { timeout: 60_000 }, () => {
  it('says where each block shows, flags one no page reads, and lists the names still missing', async () => {
    stubServer({
      'GET /api/v1/admin/block/list': [200, [block('lobby-banner'), block('summer-promo')]],
    });
    renderAdmin(<BlocksPanel />, '/admin/settings');
    const banner = (await screen.findByText('lobby-banner text')).closest('tr') as HTMLElement;
    expect(within(banner).getByText('Lobby, under the jackpot')).toBeInTheDocument();
    expect(screen.getByTestId('block-nowhere-summer-promo')).toHaveTextContent('Shown nowhere');
    const names = screen.getByTestId('block-names-used');
    const rules = within(names).getByText('jackpot-rules').closest('li') as HTMLElement;
    expect(rules).toHaveTextContent('Not created yet');
    const lobby = within(names).getByText('lobby-banner').closest('li') as HTMLElement;
    expect(lobby).not.toHaveTextContent('Not created yet');
    expect(within(names).getByText('deposit-instructions')).toBeInTheDocument();
  });
});
