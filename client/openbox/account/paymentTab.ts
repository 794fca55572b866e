/**
 * docs/product.md §4 step 2 opens the payment URL in a new tab, but the URL only exists once the purchase is
 * created, after an await, when browsers no longer count the click and block the popup. So a tab is
 * opened at once, inside the click, and pointed at the payment when its address arrives.
 */
export interface PaymentTab {
  go(url: string): void;
  close(): void;
}

export function openPaymentTab(): PaymentTab {
  const tab = window.open('', '_blank');
  if (tab) {
    // The payment page must not be able to steer this one (what rel="noopener" does for a link).
    tab.opener = null;
    try {
      tab.document.title = 'Preparing your payment…';
      tab.document.body.textContent = 'Preparing your payment…';
    } catch {
      // Some browsers do not expose the blank page; it is replaced in a moment anyway.
    }
  }
  return {
    go(url) {
      const absolute = new URL(url, window.location.href).href;
      if (tab && !tab.closed) tab.location.href = absolute;
      else window.open(absolute, '_blank', 'noopener'); // Blocked before: the browser may ask.
    },
    close() {
      tab?.close();
    },
  };
}
