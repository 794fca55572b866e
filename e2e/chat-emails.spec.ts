/**
 * A buyer turns chat e-mails off in /account (issue 18): by keyboard, kept after a reload (stored on the
 * server, not in the browser), with the note that order e-mails always go; looked at (lookAt) at 1280,
 * 390 and 320 px.
 */
import { expect, test } from '@playwright/test';
import type { SignInResponse } from '../shared/schemas/buying.js';
import { lookAt } from './support/page.js';

test('a buyer turns chat e-mails off in /account and the choice holds', async ({ page, request }) => {
  const response = await request.post('/api/auth/demo', {
    data: { name: 'Quiet Quinn', email: `quiet-${Date.now()}@example.com` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { token } = (await response.json()) as SignInResponse;
  await page.addInitScript((value) => window.localStorage.setItem('auth_token', value), token);
  await page.goto('/account');
  const setting = page.getByRole('checkbox', { name: 'E-mail me chat messages I have not read' });
  await expect(setting).toBeChecked();
  await expect(setting).toHaveAccessibleDescription(/E-mails about your orders always go/);
  await lookAt(page, 'main', 'account-chat-emails', page.getByRole('region', { name: 'E-mails' }));

  await setting.focus();
  await page.keyboard.press('Space');
  await expect(setting).not.toBeChecked();
  // Stored before the box settles: a reload asks the server again.
  await expect
    .poll(async () => {
      const answer = await request.get('/api/account/preferences', {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await answer.json()) as unknown;
    })
    .toEqual({ chat_emails: false });
  await page.reload();
  await expect(setting).not.toBeChecked();

  await setting.click();
  await expect(setting).toBeChecked();
  await page.reload();
  await expect(setting).toBeChecked();
});
