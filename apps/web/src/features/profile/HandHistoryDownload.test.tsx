import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../app/authSlice';
import { playerMe } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { stubServer } from '../admin/testKit';
import { HandHistoryDownload } from './HandHistoryDownload';

const signedIn = {
  auth: { ...initialAuthState, isAuthenticated: true, checkedAuth: true, userInfo: playerMe },
};
const TEXT = "PokerStars Hand #3000000012: Hold'em No Limit (50/100) - 2026/11/23 10:00:00 UTC\n";

afterEach(() => vi.unstubAllGlobals());

describe('the Game History download', () => {
  it('asks the server for the chosen days and saves its PokerStars text as one file', async () => {
    const server = stubServer({ 'GET /api/v1/user/hands/export': [200, TEXT] });
    const blobs: Blob[] = [];
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => (blobs.push(blob), 'blob:hands');
    URL.revokeObjectURL = () => undefined;
    try {
      renderWithApp(<HandHistoryDownload />, { preloadedState: signedIn });
      fireEvent.click(screen.getByRole('button', { name: 'Download (PokerStars text)' }));
      await waitFor(() => expect(blobs).toHaveLength(1));
      expect(blobs[0].size).toBe(new TextEncoder().encode(TEXT).length);
      const [call] = server.calls('GET', '/api/v1/user/hands/export');
      expect(call.query.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(call.query.get('to')).toBe(new Date().toLocaleDateString('en-CA'));
    } finally {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    }
  });

  it('says so when there are no hands on those days, and saves nothing', async () => {
    stubServer({ 'GET /api/v1/user/hands/export': [200, ''] });
    const create = vi.fn();
    const saved = URL.createObjectURL;
    URL.createObjectURL = create;
    try {
      renderWithApp(<HandHistoryDownload />, { preloadedState: signedIn });
      fireEvent.click(screen.getByRole('button', { name: 'Download (PokerStars text)' }));
      expect(await screen.findByText('You played no hands on these days.')).toBeInTheDocument();
      expect(create).not.toHaveBeenCalled();
    } finally {
      URL.createObjectURL = saved;
    }
  });
});
