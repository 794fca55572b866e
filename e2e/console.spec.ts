/** Pages load without console noise that would hide a real error: no CSP violations, no ignored headers. */
import { expect, test, type Page } from '@playwright/test';
import { adminToken } from './support/api.js';

/** Every console error or warning and every CSP violation the page reports from now on. */
async function collectNoise(page: Page): Promise<string[]> {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') noise.push(message.text());
  });
  page.on('pageerror', (error) => noise.push(error.message));
  await page.exposeFunction('reportViolation', (text: string) => noise.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return noise;
}

for (const route of ['/admin', '/pcadmin', '/smartadmin', '/ayzadmin', '/', '/refferals']) {
  test(`${route} loads without console errors or CSP violations, signed in or not`, async ({
    page,
    request,
  }) => {
    const noise = await collectNoise(page);
    await page.goto(route);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    if (route.endsWith('admin')) {
      const token = await adminToken(request);
      await page.evaluate((value) => window.localStorage.setItem('adminToken', value), token);
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Add product' })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(noise).toEqual([]);
  });
}
