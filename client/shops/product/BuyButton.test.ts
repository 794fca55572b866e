/** Issue 29: the Buy link stays the retailer's own (rel sponsored, no redirect) and tells the server by beacon. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clickUrl, recordClick } from '../../endpoints/recordClick.js';
import { BuyButton, buyClickHandler } from './BuyButton.js';

const RETAILER = 'https://www.amazon.com/dp/B0EXAMPLE1?tag=shop-20';

function render(shop: 'default' | 'pc', id: number, link: string): string {
  const client = new QueryClient();
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(BuyButton, { shop, product: { id, availability: 'YES', link } }),
    ),
  );
}

describe('the Buy link', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('links to the retailer’s own URL in a new tab, rel sponsored', () => {
    const html = render('default', 7, RETAILER);
    const anchor = /<a [^>]*>/.exec(html)?.[0] ?? '';
    expect(anchor).toContain(`href="${RETAILER.replace('&', '&amp;')}"`);
    expect(anchor).toContain('target="_blank"');
    expect(anchor).toMatch(/rel="[^"]*\bsponsored\b[^"]*"/);
    expect(anchor).toMatch(/rel="[^"]*\bnoopener\b[^"]*"/);
    expect(anchor).not.toContain('/api/');
  });

  it('sends a beacon to the click route of that product and shop on a left or middle click', () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    const onClick = buyClickHandler('pc', 42);
    onClick({ button: 0 });
    onClick({ button: 1 });
    onClick({ button: 2 }); // the context menu: not a click through
    expect(sendBeacon.mock.calls).toEqual([
      ['/api/products/42/click?shop=pc'],
      ['/api/products/42/click?shop=pc'],
    ]);
    expect(clickUrl('default', 7)).toBe('/api/products/7/click?shop=default');
  });

  it('sends nothing for the shop that sells on site, and never throws when the beacon does', () => {
    const sendBeacon = vi.fn(() => {
      throw new TypeError('refused');
    });
    vi.stubGlobal('navigator', { sendBeacon });
    recordClick('ayz', 1);
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(() => recordClick('default', 1)).not.toThrow();
    vi.stubGlobal('navigator', {});
    expect(() => recordClick('default', 1)).not.toThrow();
  });
});
