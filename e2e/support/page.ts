import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { saveElementScreenshot, saveScreenshot } from './screens.js';

export type Theme = 'light' | 'dark';

/** Answers every alert and confirm with OK and remembers what it said. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/**
 * Switches the theme with colour transitions held off, so what a check or a screenshot sees is the
 * theme's final colours, not a blend halfway between two themes. Waiting for the transitions instead is
 * not enough: a category row off screen (content-visibility: auto) gets no style until something asks
 * for it, so axe asking would start its transition right then, from the old theme's colours.
 */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((value) => {
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(still);
    document.documentElement.dataset.theme = value;
    // Every element's style now, skipped subtrees included, while nothing can transition.
    for (const element of document.querySelectorAll('*')) void getComputedStyle(element).color;
    still.remove();
  }, theme);
}

/** Which findings fail a check: every one (the aim), or only those that block people (serious, critical). */
export type AxeFailOn = 'any' | 'serious';

const BLOCKING = new Set(['serious', 'critical']);
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core over the part of the page that `scope` picks (a CSS selector, or a located element with an
 * id), in each theme asked for (colours differ per theme); fails with every violation's rule,
 * impact and where it was found. `failOn: 'serious'` lets moderate and minor findings pass.
 */
export async function expectAccessible(
  page: Page,
  scope: string | Locator,
  themes: readonly Theme[] = ['light'],
  { failOn = 'any' }: { failOn?: AxeFailOn } = {},
): Promise<void> {
  const selector = typeof scope === 'string' ? scope : `[id="${await scope.getAttribute('id')}"]`;
  const found: string[] = [];
  for (const [index, theme] of themes.entries()) {
    await setTheme(page, theme);
    // Only violations are reported: details of passing checks would cost a third of the time.
    // Legacy mode runs axe in the page itself. The default mode scans frame by frame and then opens a
    // new page to merge the results: about three times slower here, and these pages have no frames.
    const builder = new AxeBuilder({ page })
      .setLegacyMode(true)
      .include(selector)
      .options({ resultTypes: ['violations'] });
    // A theme changes colours only: after the first theme's full scan, the others check colours alone.
    if (index > 0) builder.withRules(COLOUR_RULES);
    const { violations } = await builder.analyze();
    for (const violation of violations) {
      if (failOn === 'serious' && !BLOCKING.has(violation.impact ?? '')) continue;
      found.push(
        `${theme}: ${violation.impact ?? 'unrated'} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    }
  }
  expect(found, `axe findings in ${selector}`).toEqual([]);
}

/** The widths every new screen of issue 18 is looked at: desktop, a common phone, the narrowest phone. */
export const LOOK_WIDTHS = [1280, 390, 320] as const;

/**
 * Looks at a screen at each of LOOK_WIDTHS: nothing wider than the viewport, axe in both themes, and a
 * screenshot for a person to open: of `shot` (one card of a long list) when given, else of the whole
 * page, or of the viewport for a dialog (which stays fixed to it). The viewport is left at the last
 * width: callers set theirs.
 */
export async function lookAt(page: Page, scope: string, name: string, shot?: Locator): Promise<void> {
  const fullPage = !scope.includes('dialog');
  for (const width of LOOK_WIDTHS) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 760 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
    await expectAccessible(page, scope, ['light', 'dark']);
    await setTheme(page, 'light');
    if (shot) await saveElementScreenshot(shot, `${name}-${width}`);
    else await saveScreenshot(page, `${name}-${width}`, { fullPage });
  }
}
