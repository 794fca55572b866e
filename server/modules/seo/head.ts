/** The per-page part of <head>, as data, and its one rendering: every value escaped on the way out. */
import { escapeMarkup, jsonForScript } from './escape.js';

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page as search engines should list it; absent for pages not to be listed. */
  canonical?: string;
  /** Pages that are no one's landing page (admin, account, payment, unknown paths). */
  noindex?: boolean;
  openGraph?: {
    type: 'website' | 'product';
    siteName: string;
    /** Absolute URL of the picture shared with the link, when there is one. */
    image?: string;
    /** What the picture shows, for those who cannot see it (a product's title). */
    imageAlt?: string;
  };
  /** A schema.org object, e.g. the Product with its Offers. */
  jsonLd?: object;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeMarkup(content)}" />`;

/** Open Graph's locale when the page's lang says no region: the shop sells in US dollars, to the US. */
export const DEFAULT_OG_LOCALE = 'en_US';

/**
 * The og:locale of a page whose <html lang> is `lang`: Open Graph writes language_TERRITORY, so "en-GB"
 * is en_GB; a bare "en" (or none) is en_US. A bare language of another kind has no territory to name,
 * so it is left out rather than guessed.
 */
export function ogLocale(lang: string | undefined): string | undefined {
  const [language = '', region] = (lang ?? '').trim().split(/[-_]/);
  if (!/^[a-z]{2,3}$/i.test(language)) return DEFAULT_OG_LOCALE;
  if (region && /^[a-z]{2}$/i.test(region)) return `${language.toLowerCase()}_${region.toUpperCase()}`;
  return language.toLowerCase() === 'en' ? DEFAULT_OG_LOCALE : undefined;
}

/** The tags of `head`; `locale` is the og:locale (ogLocale), left out when undefined. */
export function renderHead(head: PageHead, locale: string | undefined): string {
  const tags = [`<title>${escapeMarkup(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeMarkup(head.canonical)}" />`);
  const og = head.openGraph;
  if (og) {
    tags.push(
      meta('property', 'og:type', og.type),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      meta('property', 'og:site_name', og.siteName),
    );
    if (locale) tags.push(meta('property', 'og:locale', locale));
    if (head.canonical) tags.push(meta('property', 'og:url', head.canonical));
    if (og.image) tags.push(meta('property', 'og:image', og.image));
    if (og.image && og.imageAlt) tags.push(meta('property', 'og:image:alt', og.imageAlt));
    tags.push(
      meta('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', head.title),
      meta('name', 'twitter:description', head.description),
    );
    if (og.image) tags.push(meta('name', 'twitter:image', og.image));
    if (og.image && og.imageAlt) tags.push(meta('name', 'twitter:image:alt', og.imageAlt));
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/** index.html with its own title and description replaced by the page's head. */
export function withHead(template: string, head: PageHead): string {
  const bare = template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const tags = renderHead(head, ogLocale(/<html\b[^>]*\slang="([^"]*)"/i.exec(template)?.[1]));
  const at = bare.search(/<\/head>/i);
  if (at !== -1) return `${bare.slice(0, at)}  ${tags}\n  ${bare.slice(at)}`;
  // A template without a head element (a test fixture) still gets the tags, after its doctype.
  const doctype = /^\s*<!doctype[^>]*>/i.exec(bare)?.[0] ?? '';
  return `${doctype}${tags}${bare.slice(doctype.length)}`;
}
