import sanitizeHtml from 'sanitize-html';
import { SHOPS } from '../../../shared/shops.js';

const FONT_SIZE = /^(?:[1-9]|[1-4]\d|50)px$/;
const FONT_FAMILY = /^[\w\s"',-]{1,120}$/;
const OWN_IMAGE = new RegExp(
  `^/images/(?:${Object.values(SHOPS)
    .map((shop) => shop.imageFolder)
    .join('|')})/\\d{1,10}/(?:description/[\\w-]{1,80}|\\d{1,4})\\.webp$`,
);

/**
 * The allow-list for product descriptions: what the Tiptap editor produces (marks, font family and size,
 * headings, lists, code blocks, quotes, links, our own images with src/alt/title) and nothing else.
 * Scripts, event handlers, javascript: URLs and foreign images never reach the database.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'span',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'hr',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title'],
    code: ['class'],
    ol: ['start'],
    '*': ['style'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedStyles: {
    '*': {
      'font-size': [FONT_SIZE],
      'font-family': [FONT_FAMILY],
      'text-align': [/^(?:left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  // Only this shop's own product and description images: the CSP would block any other anyway.
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? ''),
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
