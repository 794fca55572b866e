import ipaddr from 'ipaddr.js';
import path from 'node:path';
import { z } from 'zod';
import { optionalText, urlText, wholeNumber } from './config-fields.js';
import { PAYMENT_PROVIDER_NAMES, PAYMENT_PROVIDERS_ENV } from './modules/payment-providers/index.js';
import { PRICE_SOURCES_ENV, priceSourceProblems } from './modules/price-sources/index.js';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true, false, 1, 0, yes, no, on, off',
  })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: urlText(['postgres', 'postgresql']),
    REDIS_URL: urlText(['redis', 'rediss']),
    ADMIN_PASSWORD: optionalText,
    SESSION_SECRET: optionalText,
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_JWKS_URL: z.url({ error: 'must be a URL' }).default('https://www.googleapis.com/oauth2/v3/certs'),
    ADMIN_USER_IDS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    SELLER_USER_ID: optionalText,
    PAYMENT_PROVIDER: z
      .enum(PAYMENT_PROVIDER_NAMES, {
        error: `must be ${PAYMENT_PROVIDER_NAMES.slice(0, -1).join(', ')} or ${PAYMENT_PROVIDER_NAMES.at(-1)}`,
      })
      .optional(),
    // Each provider's own variables (NOWPAYMENTS_*, BTCPAY_*): modules/payment-providers/.
    ...PAYMENT_PROVIDERS_ENV,
    // Each price source's own variables (AMAZON_*): modules/price-sources/ (issue 29).
    ...PRICE_SOURCES_ENV,
    /** Under a price source, every checked product is read at least this often (issue 29). */
    PRICE_REFRESH_HOURS: wholeNumber({ unit: 'hours', min: 1, max: [23, 'under a day'] }).default(12),
    /** The site's public address: payment callbacks, and absolute URLs in page heads, sitemaps and robots.txt. */
    PUBLIC_URL: urlText(['http', 'https']),
    /** How long an unpaid order holds its units before the sweep expires it and returns them to stock. */
    ORDER_HOLD_MINUTES: wholeNumber({ unit: 'minutes', min: 1, max: [43_200, '30 days'] }).default(60),
    /** Units one buyer may hold across every unpaid order at once (issue 33). */
    MAX_HELD_UNITS_PER_BUYER: wholeNumber({
      unit: 'units',
      min: 1,
      max: [100_000, 'a hundred thousand'],
    }).default(10),
    /** Days after an order is marked sent during which the buyer may ask to return it (issue 28). */
    RETURN_WINDOW_DAYS: wholeNumber({ unit: 'days', min: 0, max: [365, 'a year'] }).default(30),
    /** How long the activity log keeps a row; older ones are removed daily (issue 28). */
    ACTIVITY_RETENTION_DAYS: wholeNumber({ unit: 'days', min: 1, max: [36_500, '100 years'] }).default(365),
    /**
     * Addresses or CIDR ranges (comma-separated) that may read /metrics without the admin token, e.g.
     * the Prometheus server's. The client address is the one TRUST_PROXY makes out.
     */
    METRICS_ALLOW: z
      .string()
      .default('')
      .transform((value, context) => {
        const entries = value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);
        for (const entry of entries) {
          const valid = entry.includes('/') ? ipaddr.isValidCIDR(entry) : ipaddr.isValid(entry);
          if (!valid)
            context.addIssue({ code: 'custom', message: `${entry} is not an address or CIDR range` });
        }
        return entries;
      }),
    SEED_DEMO: booleanFlag.default(true),
    /** Let 'Add from links' fetch from private network addresses (local development and tests only). */
    IMAGE_LINKS_ALLOW_PRIVATE: booleanFlag.default(false),
    RETAILER_NAME: z.string().trim().min(1, { error: 'must not be empty' }).default('Amazon'),
    /**
     * Behind a load balancer: the proxies' addresses or ranges, comma-separated, or how many hops to trust.
     * Plain "true" is refused: it would trust any client's X-Forwarded-For and void the login lockout.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .refine((value) => value !== 'true', {
        error: "must be false, a hop count, or the proxies' addresses (plain true would trust any client)",
      })
      .transform((value): boolean | string | ((address: string, hop: number) => boolean) => {
        if (value === 'false' || value === '') return false;
        if (/^\d+$/.test(value)) {
          const hops = Number(value);
          return (_address, hop) => hop < hops;
        }
        return value;
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The mail server (smtp://user:pass@host:587 or smtps://…); unset: e-mails are written as .eml files under DATA_DIR/mail/. */
    SMTP_URL: urlText(['smtp', 'smtps']),
    MAIL_FROM: z
      .string()
      .trim()
      .min(1, { error: 'must not be empty' })
      .default('Storefront <no-reply@localhost>'),
    /** Where the seller's notices go (new paid orders, orders needing attention, chat messages). */
    SELLER_EMAIL: optionalText.refine((value) => value === undefined || z.email().safeParse(value).success, {
      error: 'must be an e-mail address',
    }),
    /** A chat message still unread this long after it was sent to someone not connected is e-mailed. */
    CHAT_EMAIL_DELAY_SECONDS: wholeNumber({ unit: 'seconds', min: 0, max: [86_400, 'a day'] }).default(120),
    /** At most one chat e-mail per chat and recipient in this many minutes. */
    CHAT_EMAIL_THROTTLE_MINUTES: wholeNumber({ unit: 'minutes', min: 0, max: [10_080, 'a week'] }).default(
      30,
    ),
    /**
     * Chat sockets one process holds at most: a connection past it is refused in the handshake with a sentence
     * and a retryAfter (never dropped), so the process keeps its memory and event loop for the ones it has.
     */
    CHAT_MAX_SOCKETS: wholeNumber({ min: 1 }).default(20_000),
    /** Chat messages one process holds at once (being checked or waiting for the writer); past it a send is answered busy. */
    CHAT_MAX_PENDING_MESSAGES: wholeNumber({ min: 1 }).default(2_000),
    /**
     * The chat's event-loop lag limit (ms): new connections are refused while the loop's lag p99 stays above it
     * for a few seconds, and sends are taken at a lowered rate (the rest answered busy) each second it was above
     * (chat/capacity.ts); 0 turns both off.
     */
    CHAT_MAX_EVENT_LOOP_LAG_MS: wholeNumber({ unit: 'milliseconds', min: 0 }).default(100),
    /** A payment short of the invoice by no more than this share counts as paid (exchanges deduct fees). */
    PAYMENT_UNDERPAID_TOLERANCE_PERCENT: z.coerce
      .number({ error: 'must be a number of percent' })
      .min(0, { error: 'must be 0 or more' })
      .max(50, { error: 'must be at most 50' })
      .default(0),
    /** Demo sign-in (name + e-mail, no proof of identity) in production: only when the operator says so. */
    ALLOW_DEMO_SIGN_IN: booleanFlag.default(false),
    /** The sandbox payment page (Pay without paying) in production: only when the operator says so. */
    ALLOW_SANDBOX_PAYMENTS: booleanFlag.default(false),
  })
  .superRefine((env, context) => {
    for (const { variable, message } of priceSourceProblems(env)) {
      context.addIssue({ code: 'custom', path: [variable], message });
    }
    // Without Google, buyers sign in by naming themselves, so anyone could be any buyer or the seller.
    if (env.NODE_ENV === 'production' && !env.GOOGLE_CLIENT_ID && !env.ALLOW_DEMO_SIGN_IN) {
      context.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_ID'],
        message:
          'must be set in production: demo sign-in lets anyone sign in as any buyer or as the seller (set ALLOW_DEMO_SIGN_IN=true to run a public demo anyway)',
      });
    }
  });

export type Config = z.infer<typeof envSchema> & { dataDir: string; imagesDir: string };

export class ConfigError extends Error {}

/** Reads the environment into a typed config; a bad value stops start-up with a sentence per variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return { ...parsed.data, dataDir, imagesDir: path.join(dataDir, 'images') };
}
