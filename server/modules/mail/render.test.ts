import { describe, expect, it } from 'vitest';
import type { MailContent } from './content.js';
import { actionUrl, escapeHtml, headerText, renderMail, shopAddress } from './render.js';

const SHOP = 'https://shop.example';

const benign: MailContent = {
  subject: 'Your order is paid',
  heading: 'Thank you',
  paragraphs: ['We got your payment.', 'We ship soon.'],
  details: [['Total', '$39.98']],
  lines: [{ label: 'Camera, good', value: '1 × $39.98' }],
  action: { label: 'See your orders', href: '/account' },
};

/** What a buyer could type into any field: tags, both quotes, an ampersand, a would-be entity. */
const HOSTILE = `<script>alert(1)</script><img src=x onerror="alert('x')">&amp;"'`;

/** Every way to put the hostile text into one field of the content, named for the failure message. */
const placements: [string, (text: string) => MailContent][] = [
  ['subject', (text) => ({ ...benign, subject: text })],
  ['heading', (text) => ({ ...benign, heading: text })],
  ['a paragraph', (text) => ({ ...benign, paragraphs: ['Fine.', text] })],
  ['a detail label', (text) => ({ ...benign, details: [[text, '$1.00']] })],
  ['a detail value', (text) => ({ ...benign, details: [['Ship to', text]] })],
  ['a line label', (text) => ({ ...benign, lines: [{ label: text, value: '1' }] })],
  ['a line value', (text) => ({ ...benign, lines: [{ label: 'Camera', value: text }] })],
  ['the action label', (text) => ({ ...benign, action: { label: text, href: '/account' } })],
];

/** The markup of the template alone: every tag and every quote the output has. */
const markup = (html: string) => ({
  tags: html.match(/<[^>]*>/g)?.length ?? 0,
  doubleQuotes: html.split('"').length,
  singleQuotes: html.split("'").length,
});

describe('renderMail', () => {
  it('writes a plain-text and an HTML part with the heading, paragraphs, details, lines, action and shop link', () => {
    const mail = renderMail(benign, SHOP);
    expect(mail.subject).toBe('Your order is paid');
    expect(mail.text).toBe(
      [
        'Thank you',
        '',
        'We got your payment.',
        '',
        'We ship soon.',
        '',
        'Total: $39.98',
        '',
        '- Camera, good: 1 × $39.98',
        '',
        'See your orders: https://shop.example/account',
        '',
        '--',
        'https://shop.example/',
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain('<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">Thank you</h1>');
    expect(mail.html).toContain('>We ship soon.</p>');
    expect(mail.html).toContain('>$39.98</td>');
    expect(mail.html).toContain('href="https://shop.example/account"');
    expect(mail.html).toContain(
      '<a href="https://shop.example/" style="color:#1d4ed8">https://shop.example</a>',
    );
    // Inline styles only: nothing a mail client would have to fetch.
    expect(mail.html).not.toMatch(/<link|<style|<img|<script|url\(/i);
  });

  it('leaves out the tables and the button when the content has none', () => {
    const mail = renderMail({ subject: 's', heading: 'h', paragraphs: ['p'] }, SHOP);
    expect(mail.html).not.toContain(
      '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse',
    );
    expect(mail.text).toBe('h\n\np\n\n--\nhttps://shop.example/\n');
  });

  it.each(placements)('escapes %s in the HTML: no tag, quote or entity of its own', (_field, place) => {
    const safe = renderMail(place('plain words'), SHOP);
    const hostile = renderMail(place(HOSTILE), SHOP);
    expect(markup(hostile.html)).toEqual(markup(safe.html));
    expect(hostile.html).not.toContain('<script');
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;amp;&quot;&#39;',
    );
  });

  it.each(placements)('keeps %s as typed in the plain-text part', (field, place) => {
    const mail = renderMail(place(HOSTILE), SHOP);
    if (field === 'subject') expect(mail.subject).toBe(HOSTILE);
    else expect(mail.text).toContain(HOSTILE);
  });

  it('makes the subject one header line: CR, LF and other controls cannot start a header of their own', () => {
    const mail = renderMail(
      { ...benign, subject: 'Paid\r\nBcc: victim@example.com\n\rX-Evil:\u0000 1\u2028!' },
      SHOP,
    );
    expect(mail.subject).toBe('Paid Bcc: victim@example.com X-Evil: 1 !');
    expect(mail.html).toContain('<title>Paid Bcc: victim@example.com X-Evil: 1 !</title>');
  });

  it('keeps line breaks inside a paragraph (a chat message), as <br> in HTML', () => {
    const mail = renderMail({ ...benign, paragraphs: ['Hello\r\nthere\n<b>you</b>'] }, SHOP);
    expect(mail.text).toContain('Hello\nthere\n<b>you</b>');
    expect(mail.html).toContain('Hello<br>there<br>&lt;b&gt;you&lt;/b&gt;</p>');
  });

  it('drops an action whose link is not the shop or an http(s) address', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '//evil.example/account',
      '/\\evil.example',
      'mailto:a@example.com',
      'not a url',
    ]) {
      const mail = renderMail({ ...benign, action: { label: 'Click', href } }, SHOP);
      expect(mail.html, href).not.toContain('>Click</a>');
      expect(mail.text, href).not.toContain('Click');
      expect(mail.html, href).not.toMatch(/script:|data:|file:|evil|mailto/i);
    }
  });

  it('keeps an http(s) link as it is and escapes it in the attribute', () => {
    const mail = renderMail(
      { ...benign, action: { label: 'Track', href: `https://tools.usps.com/go/x?a=1&b="><script>'` } },
      SHOP,
    );
    expect(mail.html).toContain('href="https://tools.usps.com/go/x?a=1&amp;b=%22%3E%3Cscript%3E%27"');
    expect(mail.text).toContain(`Track: https://tools.usps.com/go/x?a=1&b=%22%3E%3Cscript%3E%27`);
  });

  it('escapes the shop address too', () => {
    const mail = renderMail(benign, 'https://shop.example/a"b<c');
    expect(mail.html).not.toContain('a"b<c');
  });
});

describe('the pieces', () => {
  it('escapes the five HTML characters and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a> ok`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt; ok',
    );
  });

  it('flattens controls in a header value', () => {
    expect(headerText(' a\r\n\tb\u007fc ')).toBe('a b c');
  });

  it('finds the shop at PUBLIC_URL, else at this machine’s port', () => {
    expect(shopAddress('https://shop.example/', 3000)).toBe('https://shop.example');
    expect(shopAddress(undefined, 4123)).toBe('http://localhost:4123');
  });

  it('makes a path absolute and keeps http(s) addresses', () => {
    expect(actionUrl('/account?tab=orders', SHOP)).toBe('https://shop.example/account?tab=orders');
    expect(actionUrl('/orders', 'https://shop.example/store')).toBe('https://shop.example/store/orders');
    expect(actionUrl('HTTPS://Example.com/Pay', SHOP)).toBe('https://example.com/Pay');
    expect(actionUrl('ftp://example.com/', SHOP)).toBeUndefined();
  });
});
