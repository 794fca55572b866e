/**
 * The seller checks that the shop's e-mail goes out: from the open-box admin to the Outbox, a test
 * e-mail to an address is sent (written as an .eml file: the journeys' server has no SMTP_URL), one to
 * the seller waits as failing because SELLER_EMAIL is unset, and a sent one is sent again. Other
 * journeys may queue e-mails meanwhile, so this one finds its own by a unique address.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './support/api.js';
import { expectAccessible } from './support/page.js';
import { saveScreenshot } from './support/screens.js';

/** The sender runs every second and the list asks again every 5 s while an e-mail waits. */
const SENDER_SETTLES = { timeout: 20_000 };

async function openOutboxSignedIn(page: Page): Promise<void> {
  await page.goto('/ayzadmin');
  await page.getByPlaceholder('Enter password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/ayzadmin\/outbox$/);
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
}

function mailTo(page: Page, address: string): Locator {
  return page.getByRole('article').filter({ hasText: address });
}

async function sendTestMail(page: Page, address: string): Promise<void> {
  await page.getByLabel('Send a test e-mail to').fill(address);
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
}

test('sends a test e-mail, shows a seller notice failing without SELLER_EMAIL, and resends', async ({
  page,
}) => {
  const address = `outbox-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await openOutboxSignedIn(page);

  await sendTestMail(page, address);
  await expect(page.getByText(`Queued to ${address}.`)).toBeVisible();
  await expect(page.getByLabel('Send a test e-mail to')).toHaveValue('');
  const mine = mailTo(page, address);
  await expect(mine.getByRole('heading', { name: 'Test e-mail from the Open Box Store' })).toBeVisible();
  await expect(mine.getByText('Status: Sent')).toBeVisible(SENDER_SETTLES);

  // Empty: to the seller, whose address is not set on this server.
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(page.getByText('Queued to seller.')).toBeVisible();
  const seller = page.getByRole('article').filter({ hasText: 'SELLER_EMAIL is not set' }).first();
  await expect(seller.getByText('Status: Failing')).toBeVisible(SENDER_SETTLES);
  await expect(seller.getByText(/^Last error: SELLER_EMAIL is not set/)).toBeVisible();

  await expectAccessible(page, 'main', ['light', 'dark']);
  for (const width of [1280, 390, 320]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `wider than the screen at ${width} px`).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `admin-outbox-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The filter lives in the address bar.
  await page.getByLabel('Show').selectOption({ label: 'Failing' });
  await expect(page).toHaveURL(/status=failing/);
  await expect(mailTo(page, address)).toHaveCount(0);
  await expect(page.getByRole('article').first().getByText('Status: Failing')).toBeVisible();
  await page.getByLabel('Show').selectOption({ label: 'Sent' });
  await expect(mailTo(page, address)).toBeVisible();

  // Sent again: waiting for a moment, then sent a second time (it stays in the Sent list meanwhile).
  const resent = mailTo(page, address);
  await resent.getByRole('button', { name: 'Resend: Test e-mail from the Open Box Store' }).click();
  await expect(resent.getByText('Queued to go out now.')).toBeVisible();
  await expect(resent.getByText('Status: Waiting')).toBeVisible();
  await expect(resent.getByText('Status: Sent')).toBeVisible(SENDER_SETTLES);
});

test('refuses a test e-mail to something that is not an address, with the server’s sentence', async ({
  page,
}) => {
  await openOutboxSignedIn(page);
  // The browser's own check would stop the form first; the server's sentence is what is tested here.
  await page
    .getByRole('form', { name: 'Send a test e-mail' })
    .evaluate((form) => form.setAttribute('novalidate', ''));
  await sendTestMail(page, 'owner at example');
  await expect(page.getByRole('alert')).toHaveText(
    'Could not queue the test e-mail: Invalid field "to": must be an e-mail address.',
  );
});
