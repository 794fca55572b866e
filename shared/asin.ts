/**
 * Issue 29: the ASIN an Amazon product link names, on one marketplace's host. Recognised paths:
 * /dp/ASIN, /gp/product/ASIN, /gp/aw/d/ASIN and /exec/obidos/ASIN/ASIN, each optionally after a
 * slug (/Some-Title/dp/ASIN); an ASIN is 10 letters or digits. Anything else (a search link, another
 * retailer, another marketplace) answers undefined: the product is 'not checked'.
 */
const ASIN_PATH = /\/(?:dp|gp\/product|gp\/aw\/d|exec\/obidos\/ASIN)\/([A-Za-z0-9]{10})(?=[/?#]|$)/;

/** The marketplace's host without a leading "www.", lower case: www.amazon.com and amazon.com are one. */
function bareHost(host: string): string {
  return host.toLowerCase().replace(/^www\./, '');
}

export function asinOf(link: string, marketplace: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (bareHost(url.hostname) !== bareHost(marketplace)) return undefined;
  const found = ASIN_PATH.exec(url.pathname);
  return found ? found[1]!.toUpperCase() : undefined;
}
