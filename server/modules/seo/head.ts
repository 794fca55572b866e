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
  };
  /** A schema.org object, e.g. the Product with its Offers. */
  jsonLd?: object;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeMarkup(content)}" />`;

export function renderHead(head: PageHead): string {
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
    if (head.canonical) tags.push(meta('property', 'og:url', head.canonical));
    if (og.image) tags.push(meta('property', 'og:image', og.image));
    tags.push(
      meta('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', head.title),
      meta('name', 'twitter:description', head.description),
    );
    if (og.image) tags.push(meta('name', 'twitter:image', og.image));
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/** index.html with its own title and description replaced by the page's head. */
export function withHead(template: string, head: PageHead): string {
  const bare = template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const tags = renderHead(head);
  const at = bare.search(/<\/head>/i);
  if (at !== -1) return `${bare.slice(0, at)}  ${tags}\n  ${bare.slice(at)}`;
  // A template without a head element (a test fixture) still gets the tags, after its doctype.
  const doctype = /^\s*<!doctype[^>]*>/i.exec(bare)?.[0] ?? '';
  return `${doctype}${tags}${bare.slice(doctype.length)}`;
}
