import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

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
 * Switches the theme and waits until every colour transition it started has ended, so what a check or
 * a screenshot sees is the theme's final colours, not a blend halfway between two themes.
 */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(async (value) => {
    document.documentElement.dataset.theme = value;
    // Transitions start on the next style recalculation; two frames later every one of them exists.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
  }, theme);
}

/**
 * axe-core over the part of the page that `scope` picks (a CSS selector, or a located element with an
 * id), in each theme asked for (colour contrast differs per theme); fails with every violation's rule
 * and where it was found.
 */
export async function expectAccessible(
  page: Page,
  scope: string | Locator,
  themes: readonly Theme[] = ['light'],
): Promise<void> {
  const selector = typeof scope === 'string' ? scope : `[id="${await scope.getAttribute('id')}"]`;
  const found: string[] = [];
  for (const theme of themes) {
    await setTheme(page, theme);
    const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
    for (const violation of violations) {
      found.push(
        `${theme}: ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    }
  }
  expect(found).toEqual([]);
}
