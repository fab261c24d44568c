import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('warns before saving a block whose other language was left unchanged (its readers keep the old text)', async () => {
    const server = stubServer({
      'GET /api/v1/admin/block/list': [200, [block('deposit-instructions')]],
      'PUT /api/v1/admin/block/deposit-instructions': (request) => [
        200,
        { ...block('deposit-instructions'), block: request.body },
      ],
    });
    renderAdmin(<BlocksPanel />, '/admin/settings');
    const row = (await screen.findByText('deposit-instructions text')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    fireEvent.change(await screen.findByLabelText('English text'), {
      target: { value: 'Pay to Golomt Bank' },
    });
    expect(await screen.findByTestId('block-one-language')).toHaveTextContent(
      'You changed only the English text: the Mongolian text stays as it was.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Only the English text changed'))[0]).toBeInTheDocument();
    expect(
      screen.getAllByText(/Readers of the Mongolian text will still see the old text/)[0],
    ).toBeInTheDocument();
    expect(server.calls('PUT', '/api/v1/admin/block/deposit-instructions')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() =>
      expect(server.calls('PUT', '/api/v1/admin/block/deposit-instructions')).toHaveLength(1),
    );
    expect(server.calls('PUT', '/api/v1/admin/block/deposit-instructions')[0].body).toEqual({
      en: 'Pay to Golomt Bank',
      mn: 'deposit-instructions текст',
    });
  });

  it('saves without asking when both languages changed', async () => {
    const server = stubServer({
      'GET /api/v1/admin/block/list': [200, [block('terms')]],
      'PUT /api/v1/admin/block/terms': (request) => [200, { ...block('terms'), block: request.body }],
    });
    renderAdmin(<BlocksPanel />, '/admin/settings');
    const row = (await screen.findByText('terms text')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    fireEvent.change(await screen.findByLabelText('English text'), { target: { value: 'New terms' } });
    fireEvent.change(screen.getByLabelText('Mongolian text'), { target: { value: 'Шинэ нөхцөл' } });
    expect(screen.queryByTestId('block-one-language')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/block/terms')).toHaveLength(1));
    expect(screen.queryByText(/text changed/)).toBeNull();
  });
});
