import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';

/**
 * Saves a screenshot under the git-ignored screenshots/ folder, for a person to look at after a run.
 * CI has no one to look (a failing step is photographed by Playwright anyway), and each picture costs
 * software-rendered Chromium a second or more on a loaded machine, so CI skips them unless
 * SCREENSHOTS=1.
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  if (process.env.CI && process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync('screenshots', { recursive: true });
  await page.screenshot({ path: `screenshots/e2e-${name}.png`, fullPage });
}

/** Saves a screenshot of one element (a card in a long list), under the same rules as saveScreenshot. */
export async function saveElementScreenshot(element: Locator, name: string): Promise<void> {
  if (process.env.CI && process.env.SCREENSHOTS !== '1') return;
  fs.mkdirSync('screenshots', { recursive: true });
  await element.screenshot({ path: `screenshots/e2e-${name}.png` });
}

/** Swipes horizontally across an element with touch events, as a finger would. */
export async function swipe(page: Page, selector: string, deltaX: number): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((element, dx) => {
      const box = element.getBoundingClientRect();
      const startX = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: y });
      element.dispatchEvent(
        new TouchEvent('touchstart', {
          bubbles: true,
          touches: [touch(startX)],
          changedTouches: [touch(startX)],
        }),
      );
      element.dispatchEvent(
        new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(startX + dx)] }),
      );
    }, deltaX);
}
