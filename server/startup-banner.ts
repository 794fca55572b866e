/**
 * What `npm start` prints once it listens: in plain words, where the shops and admin screens are and
 * how this process is set up, so an operator does not have to read it out of JSON logs. Never prints a
 * secret, except the admin password on the one start that generated it.
 */
import path from 'node:path';
import { NAV_ORDER, SHOPS } from '../shared/shops.js';
import type { Config } from './config.js';
import { sellerSignInOn } from './modules/buyers/index.js';
import { describeMailDelivery } from './modules/mail/index.js';
import { type PaymentProviderName, registeredProvider } from './modules/payment-providers/index.js';
import { configuredPriceSource } from './modules/price-sources/index.js';
import type { Secrets } from './secrets.js';

export interface BannerFacts {
  config: Config;
  secrets: Pick<Secrets, 'adminPassword' | 'adminPasswordSource'>;
  paymentProviderName: PaymentProviderName;
  /** Where a browser on this machine reaches the server, e.g. http://localhost:3000. */
  baseUrl: string;
}

/** The database without its password: host, port and database name of a PostgreSQL URL. */
function describeDatabase(config: Config): string {
  if (!config.DATABASE_URL) return `SQLite, ${path.join(config.dataDir, 'shop.db')}`;
  const url = new URL(config.DATABASE_URL);
  return `PostgreSQL, ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

function describePassword({ config, secrets }: BannerFacts): string {
  const kept = path.join(config.dataDir, 'secrets.json');
  switch (secrets.adminPasswordSource) {
    case 'environment':
      return 'from ADMIN_PASSWORD';
    case 'stored':
      return `generated on the first start, kept in ${kept}`;
    case 'generated':
      return `generated now and kept in ${kept}: ${secrets.adminPassword} (shown this once)`;
  }
}

/** Who answers the buyers' chats, and how to try that side here (issue 20). */
function describeSeller(config: Config): string {
  if (config.SELLER_USER_ID === undefined) {
    return "not set: nobody answers the buyers' chats until SELLER_USER_ID is set";
  }
  const answers = "SELLER_USER_ID answers the buyers' chats";
  return sellerSignInOn(config)
    ? `${answers}; try it with 'Sign in as the seller' on the sign-in form`
    : answers;
}

/** Which price source keeps the affiliate shops' prices current, and for which shops (issue 29). */
function describePrices(config: Config): string {
  const source = configuredPriceSource(config);
  if (!source) return 'typed by hand (set AMAZON_CREATORS_CREDENTIAL_ID … to read them from Amazon)';
  const shops = NAV_ORDER.filter((key) => SHOPS[key].sells === 'links-out').map((key) => SHOPS[key].name);
  return `${source.label} on ${source.marketplace(config as never)} for ${shops.join(', ')}, every ${config.PRICE_REFRESH_HOURS} hours`;
}

export function startupBanner(facts: BannerFacts): string {
  const { config, baseUrl } = facts;
  const shops = NAV_ORDER.map((key) => SHOPS[key]);
  const width = Math.max(...shops.map((shop) => shop.name.length), 'Orders'.length);
  const line = (label: string, value: string) => `  ${label.padEnd(width)}  ${value}`;
  return [
    `Storefront is running at ${baseUrl}`,
    '',
    'Shops:',
    ...shops.map((shop) => line(shop.name, `${baseUrl}${shop.route}`)),
    'Admin:',
    ...shops.map((shop) => line(shop.name, `${baseUrl}${shop.adminRoute}`)),
    line('Orders', `${baseUrl}/orders`),
    '',
    `Admin password: ${describePassword(facts)}`,
    `Database:       ${describeDatabase(config)}`,
    `Payments:       ${registeredProvider(facts.paymentProviderName).banner}`,
    `Prices:         ${describePrices(config)}`,
    `E-mail:         ${describeMailDelivery(config)}`,
    `Seller e-mail:  ${config.SELLER_EMAIL ?? "not set: the seller's notices wait in the outbox until SELLER_EMAIL is set"}`,
    `Buyer sign-in:  ${config.GOOGLE_CLIENT_ID ? 'Google' : 'demo (anyone may sign in with any name and e-mail)'}`,
    `Seller:         ${describeSeller(config)}`,
    `Data folder:    ${config.dataDir}`,
    `API reference:  ${baseUrl}/api/docs`,
  ].join('\n');
}
