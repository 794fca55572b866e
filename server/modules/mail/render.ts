/**
 * MailContent → the subject, a plain-text part and an HTML part. Every value is escaped here, in text
 * and in attributes, because content carries what buyers typed (names, addresses, chat messages); the
 * HTML is a single inline-styled column that mail clients show without external CSS, images or fonts.
 */
import type { MailContent } from './content.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in element content and in quoted attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/**
 * One header line: a CR or LF (or any other control character) would let a value start a header of
 * its own (Bcc: …), so each run of them becomes one space.
 */
export function headerText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .trim()
  );
}

/** Line breaks of every kind as \n, other control characters dropped: the text part reads the same everywhere. */
function plainText(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters other than \n and \t are dropped
  return value.replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

/** The shop's own address, without a trailing slash: PUBLIC_URL, else this machine at PORT. */
export function shopAddress(publicUrl: string | undefined, port: number): string {
  return (publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
}

/**
 * Where the action button points: a path is made absolute with the shop's address, an http(s) URL is
 * kept; anything else (javascript:, data:, a scheme-relative //host) is refused and the button dropped.
 */
export function actionUrl(href: string, shopUrl: string): string | undefined {
  const trimmed = href.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) {
    // Appended, not resolved: a PUBLIC_URL with a path (https://example.com/shop) keeps it.
    return URL.canParse(`${shopUrl}${trimmed}`) ? new URL(`${shopUrl}${trimmed}`).href : undefined;
  }
  if (!URL.canParse(trimmed)) return undefined;
  const url = new URL(trimmed);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const CELL = 'padding:6px 0;border-bottom:1px solid #e5e7eb;vertical-align:top';

function htmlRows(pairs: [string, string][], labelStyle: string): string {
  return pairs
    .map(
      ([label, value]) =>
        `<tr><td style="${CELL};${labelStyle}">${escapeHtml(label)}</td>` +
        `<td style="${CELL};text-align:right;padding-left:16px">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
}

function htmlTable(pairs: [string, string][], labelStyle: string): string {
  if (pairs.length === 0) return '';
  return (
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" ' +
    `style="border-collapse:collapse;margin:16px 0;font-size:15px">${htmlRows(pairs, labelStyle)}</table>`
  );
}

/** Paragraph text in HTML: escaped, its line breaks kept. */
function htmlText(value: string): string {
  return escapeHtml(plainText(value)).replace(/\n/g, '<br>');
}

function renderHtml(content: MailContent, action: string | undefined, shopUrl: string): string {
  const details = content.details ?? [];
  const lines = (content.lines ?? []).map((line): [string, string] => [line.label, line.value]);
  const button =
    action && content.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(action)}" ` +
        'style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;' +
        `text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(content.action.label)}</a></p>`
      : '';
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(headerText(content.subject))}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6;${FONT};color:#111827">`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6">',
    '<tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" ' +
      'style="max-width:560px;background:#ffffff;border-radius:8px">',
    '<tr><td style="padding:28px 24px;font-size:16px;line-height:1.5">',
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${htmlText(content.heading)}</h1>`,
    ...content.paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${htmlText(paragraph)}</p>`),
    htmlTable(details, 'color:#4b5563'),
    htmlTable(lines, 'color:#111827'),
    button,
    '</td></tr></table>',
    `<p style="margin:16px 0 0;font-size:13px;color:#6b7280">` +
      `<a href="${escapeHtml(shopUrl)}/" style="color:#1d4ed8">${escapeHtml(shopUrl)}</a></p>`,
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
}

function renderText(content: MailContent, action: string | undefined, shopUrl: string): string {
  const blocks: string[] = [plainText(content.heading), ...content.paragraphs.map(plainText)];
  const details = content.details ?? [];
  if (details.length > 0) {
    blocks.push(details.map(([label, value]) => `${plainText(label)}: ${plainText(value)}`).join('\n'));
  }
  const lines = content.lines ?? [];
  if (lines.length > 0) {
    blocks.push(lines.map((line) => `- ${plainText(line.label)}: ${plainText(line.value)}`).join('\n'));
  }
  if (action && content.action) blocks.push(`${plainText(content.action.label)}: ${action}`);
  blocks.push(`--\n${shopUrl}/`);
  return `${blocks.join('\n\n')}\n`;
}

/** The e-mail as it goes out; `shopUrl` is shopAddress(PUBLIC_URL, PORT). */
export function renderMail(content: MailContent, shopUrl: string): RenderedMail {
  const action = content.action ? actionUrl(content.action.href, shopUrl) : undefined;
  return {
    subject: headerText(content.subject),
    text: renderText(content, action, shopUrl),
    html: renderHtml(content, action, shopUrl),
  };
}
