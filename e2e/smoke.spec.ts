import { expect, test } from '@playwright/test';

test('a first visit shows the Tap to Fullscreen gate and then the lobby', async ({ page }) => {
  await page.goto('/');
  const gate = page.getByText('Tap to Fullscreen');
  await expect(gate).toBeVisible();
  await gate.click();
  await expect(page.getByRole('tab', { name: 'Tables' })).toBeVisible();
});
