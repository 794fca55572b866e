/**
 * Issue 29, as the journeys' server runs it: with no price source configured (playwright.config.ts sets
 * no AMAZON_* variable), the Referrals Shop shows its prices with 'Price as of' and no card says 'See the
 * price at', and the admin's Price checks screen says there is no source and shows its empty figures.
 * With a source (a refreshed card, a stale price hidden, the screen's figures): price-refresh.spec.ts,
 * which starts a server of its own against the Creators API stand-in; this server has none.
 */
import { expect, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './support/api.js';
import { lookAt } from './support/page.js';

test('without a price source, prices show with their date and Price checks says so', async ({ page }) => {
  await page.goto('/refferals');
  const card = page.getByTestId('product-card').first();
  await expect(card.getByTestId('product-price')).toBeVisible();
  await expect(page.getByTestId('price-stale')).toHaveCount(0);
  await card.getByRole('heading').getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/^Price as of /)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/admin');
  await page.getByPlaceholder('Enter password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Price checks' }).click();
  await expect(page).toHaveURL(/\/admin\/prices$/);
  await expect(page.getByRole('heading', { name: 'Price checks', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No price source' })).toBeVisible();
  await expect(page.getByText('Prices are kept as typed and shown with their date.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check now' })).toHaveCount(0);

  await page.getByLabel('Product id').fill('1');
  await page.getByRole('button', { name: 'Show price history' }).click();
  await expect(page.getByText('No price change recorded in the last 90 days.')).toBeVisible();
  await lookAt(page, 'main', 'admin-price-checks');

  // The open-box shop sells on site: no price checks for it.
  await page.goto('/ayzadmin');
  await expect(page.getByRole('link', { name: 'Outbox' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Price checks' })).toHaveCount(0);
});
