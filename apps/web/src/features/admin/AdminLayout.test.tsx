import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from './AdminLayout';
import { renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

function renderLayout(path: string) {
  stubServer({});
  return renderAdmin(
    <AdminLayout>
      <p>Page body</p>
    </AdminLayout>,
    path,
  );
}

function menuItem(name: string) {
  const nav = screen.getByRole('navigation', { name: 'Admin menu' });
  return within(nav).getByRole('menuitem', { name: new RegExp(name) });
}

describe('the admin layout', { timeout: 60_000 }, () => {
  it("shows the title 'Admin Panel', the four menu entries, Data, Settings and a way back to /", () => {
    renderLayout('/admin/user');
    expect(screen.getByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(
      within(nav)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Users', 'Withdrawals', 'Deposits', 'Tables']);
    expect(screen.getByRole('button', { name: /Data/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Settings/ })).toBeInTheDocument();
    expect(screen.getByText('Page body')).toBeInTheDocument();
  });

  it('opens the Audit page from the header, beside Data and Settings', () => {
    const { router } = renderLayout('/admin/user');
    fireEvent.click(screen.getByRole('button', { name: /Audit/ }));
    expect(router.state.location.pathname).toBe('/admin/audit');
  });

  it('opens the System page (every server process) from the header', () => {
    const { router } = renderLayout('/admin/user');
    fireEvent.click(screen.getByRole('button', { name: /System/ }));
    expect(router.state.location.pathname).toBe('/admin/system');
  });

  it('opens the Tournaments page from the header, the side menu keeping its four entries', () => {
    const { router } = renderLayout('/admin/user');
    fireEvent.click(screen.getByRole('button', { name: /Tournaments/ }));
    expect(router.state.location.pathname).toBe('/admin/tournament');
  });

  it('highlights Tables while a live session under /admin/table/7 is open, and only Tables', () => {
    renderLayout('/admin/table/7');
    expect(menuItem('Tables')).toHaveClass('ant-menu-item-selected');
    for (const other of ['Users', 'Withdrawals', 'Deposits']) {
      expect(menuItem(other)).not.toHaveClass('ant-menu-item-selected');
    }
  });

  it('moves the highlight when a menu entry is followed', async () => {
    const { router } = renderLayout('/admin/user');
    expect(menuItem('Users')).toHaveClass('ant-menu-item-selected');
    fireEvent.click(screen.getByRole('link', { name: 'Withdrawals' }));
    expect(router.state.location.pathname).toBe('/admin/withdraw');
    expect(menuItem('Withdrawals')).toHaveClass('ant-menu-item-selected');
    expect(menuItem('Users')).not.toHaveClass('ant-menu-item-selected');
  });

  it('collapses and expands the side menu with the header toggle', () => {
    const { container } = renderLayout('/admin/deposit');
    const sider = container.querySelector('.ant-layout-sider');
    expect(sider).not.toHaveClass('ant-layout-sider-collapsed');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse the menu' }));
    expect(sider).toHaveClass('ant-layout-sider-collapsed');
    fireEvent.click(screen.getByRole('button', { name: 'Expand the menu' }));
    expect(sider).not.toHaveClass('ant-layout-sider-collapsed');
  });

  it('goes back to the lobby at / from the header', async () => {
    const { router } = renderLayout('/admin/user');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Back to the site/ }));
    });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Lobby')).toBeInTheDocument();
  });
});
