import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startupBanner, type BannerFacts } from './startup-banner.js';

const facts = (env: Record<string, string>, secrets: Partial<BannerFacts['secrets']> = {}): BannerFacts => ({
  config: loadConfig({ DATA_DIR: '/srv/shop', ...env }),
  secrets: { adminPassword: 'generated-pass-123', adminPasswordSource: 'generated', ...secrets },
  paymentProviderName: 'sandbox',
  baseUrl: 'http://localhost:3000',
});

describe('the start banner', () => {
  it('names every shop and admin URL, the database, payments and sign-in in plain words', () => {
    expect(startupBanner(facts({}))).toBe(
      [
        'Storefront is running at http://localhost:3000',
        '',
        'Shops:',
        '  Referrals Shop  http://localhost:3000/refferals',
        '  Open Box Store  http://localhost:3000/',
        '  PC Build        http://localhost:3000/pcshop',
        '  Smart Shop      http://localhost:3000/smartshop',
        'Admin:',
        '  Referrals Shop  http://localhost:3000/admin',
        '  Open Box Store  http://localhost:3000/ayzadmin',
        '  PC Build        http://localhost:3000/pcadmin',
        '  Smart Shop      http://localhost:3000/smartadmin',
        '  Orders          http://localhost:3000/orders',
        '',
        'Admin password: generated now and kept in /srv/shop/secrets.json: generated-pass-123 (shown this once)',
        'Database:       SQLite, /srv/shop/shop.db',
        'Payments:       sandbox (a Pay button marks an order paid; no money moves)',
        'Prices:         typed by hand (set AMAZON_CREATORS_CREDENTIAL_ID … to read them from Amazon)',
        'E-mail:         written as .eml files to /srv/shop/mail (set SMTP_URL to send them)',
        "Seller e-mail:  not set: the seller's notices wait in the outbox until SELLER_EMAIL is set",
        'Buyer sign-in:  demo (anyone may sign in with any name and e-mail)',
        "Seller:         not set: nobody answers the buyers' chats until SELLER_USER_ID is set",
        'Data folder:    /srv/shop',
        'API reference:  http://localhost:3000/api/docs',
      ].join('\n'),
    );
  });

  it('shows a stored or given password nowhere, and no database password', () => {
    const stored = startupBanner(
      facts(
        { DATABASE_URL: 'postgres://shop:db-secret-9@db.internal:5433/shop', GOOGLE_CLIENT_ID: 'id.apps' },
        { adminPasswordSource: 'stored' },
      ),
    );
    expect(stored).not.toContain('generated-pass-123');
    expect(stored).not.toContain('db-secret-9');
    expect(stored).toContain('Admin password: generated on the first start, kept in /srv/shop/secrets.json');
    expect(stored).toContain('Database:       PostgreSQL, db.internal:5433/shop');
    expect(stored).toContain('Buyer sign-in:  Google');
    const given = startupBanner(
      facts({ ADMIN_PASSWORD: 'generated-pass-123' }, { adminPasswordSource: 'environment' }),
    );
    expect(given).toContain('Admin password: from ADMIN_PASSWORD');
    expect(given).not.toContain('generated-pass-123');
  });

  it('says where e-mail goes and who the seller is, never the mail server password', () => {
    const banner = startupBanner(
      facts({
        SMTP_URL: 'smtps://mailer:smtp-secret-7@mail.example.com:465',
        MAIL_FROM: 'Open Box <shop@example.com>',
        SELLER_EMAIL: 'seller@example.com',
      }),
    );
    expect(banner).toContain(
      'E-mail:         sent through smtps://mail.example.com:465 as Open Box <shop@example.com>',
    );
    expect(banner).toContain('Seller e-mail:  seller@example.com');
    expect(banner).not.toContain('Sign in as the seller');
    expect(banner).not.toContain('smtp-secret-7');
    expect(banner).not.toContain('mailer');
  });

  it("says how to try the seller's side where the demo form offers it, and never the seller's id", () => {
    const development = startupBanner(facts({ SELLER_USER_ID: 'seller-sub-42' }));
    expect(development).toContain(
      "Seller:         SELLER_USER_ID answers the buyers' chats; try it with 'Sign in as the seller' on the sign-in form",
    );
    const production = startupBanner(
      facts({ SELLER_USER_ID: 'seller-sub-42', NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id.apps' }),
    );
    expect(production).toContain("Seller:         SELLER_USER_ID answers the buyers' chats\n");
    for (const banner of [development, production]) expect(banner).not.toContain('seller-sub-42');
  });
});

describe('the start banner’s price source (issue 29)', () => {
  it('names the source, its marketplace and the shops it checks', () => {
    const banner = startupBanner(
      facts({
        AMAZON_CREATORS_CREDENTIAL_ID: 'id',
        AMAZON_CREATORS_CREDENTIAL_SECRET: 'creators-secret-5',
        AMAZON_CREATORS_VERSION: '2.1',
        AMAZON_PARTNER_TAG: 'shop-20',
      }),
    );
    expect(banner).toContain(
      'Prices:         Amazon Creators API on www.amazon.com for Referrals Shop, PC Build, Smart Shop, every 12 hours',
    );
    expect(banner).not.toContain('creators-secret-5');
  });
});
