/**
 * Amazon's Creators API (the successor of PA-API 5.0) as a price source, on the wire as Amazon's own
 * and the maintained clients speak it (python-amazon-paapi's amazon_creatorsapi):
 *
 * - Token, versions 2.x: POST application/x-www-form-urlencoded grant_type=client_credentials,
 *   client_id, client_secret, scope=creatorsapi/default to the version's Cognito endpoint; calls then
 *   send `Authorization: Bearer <token>, Version <version>`. Versions 3.x: the same fields as JSON with
 *   scope=creatorsapi::default to Login with Amazon; calls send `Authorization: Bearer <token>`.
 *   The answer is { access_token, expires_in }; a token is used until 30 s before it expires, and this
 *   process asks for one at a time.
 * - Items: POST {API}/catalog/v1/getItems, `x-marketplace: <host>`, { partnerTag, itemIds (≤ 10),
 *   resources: offersV2.listings.price and .availability }; the answer's itemsResult.items[] carry asin
 *   and offersV2.listings[].price.money.{amount,currency} and .availability.type; errors[] name the
 *   ASINs not found or not accessible. 429: too fast.
 */
import { z } from 'zod';
import { optionalText } from '../../config-fields.js';
import { callSource } from './source-http.js';
import {
  definePriceSource,
  type ItemRead,
  MAX_ITEMS_PER_CALL,
  type PriceSource,
  PriceSourceError,
} from './source.js';

const LABEL = 'Amazon Creators API';
/** How long one call (token or items) may take, connection and body included. */
export const AMAZON_TIMEOUT_MS = 10_000;
/** A token is renewed this long before it expires. */
const TOKEN_MARGIN_MS = 30_000;
/** When the token answer names no lifetime. */
const DEFAULT_TOKEN_SECONDS = 3600;

/** Each version's token endpoint (Cognito for 2.x, Login with Amazon for 3.x). */
export const AUTH_ENDPOINTS: Record<string, string> = {
  '2.1': 'https://creatorsapi.auth.us-east-1.amazoncognito.com/oauth2/token',
  '2.2': 'https://creatorsapi.auth.eu-south-2.amazoncognito.com/oauth2/token',
  '2.3': 'https://creatorsapi.auth.us-west-2.amazoncognito.com/oauth2/token',
  '3.1': 'https://api.amazon.com/auth/o2/token',
  '3.2': 'https://api.amazon.co.uk/auth/o2/token',
  '3.3': 'https://api.amazon.co.jp/auth/o2/token',
};

const isLoginWithAmazon = (version: string) => version.startsWith('3.');

export interface AmazonCreatorsOptions {
  credentialId: string;
  credentialSecret: string;
  version: string;
  partnerTag: string;
  marketplace: string;
  apiUrl: string;
  authUrl: string;
  now: () => number;
  timeoutMs?: number;
}

const moneySchema = z.object({
  amount: z.number().finite().nonnegative().max(10_000_000),
  currency: z.string(),
});
const itemsAnswerSchema = z.object({
  itemsResult: z
    .object({
      items: z.array(
        z.object({
          asin: z.string(),
          detailPageURL: z.string().optional(),
          offersV2: z
            .object({
              listings: z
                .array(
                  z.object({
                    price: z.object({ money: moneySchema.optional() }).optional(),
                    availability: z.object({ type: z.string().optional() }).optional(),
                  }),
                )
                .optional(),
            })
            .optional(),
        }),
      ),
    })
    .optional(),
  errors: z
    .array(z.object({ code: z.string().optional(), message: z.string().optional() }).loose())
    .optional(),
});

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive().optional(),
});

/** The ASINs an error names: Amazon writes them in the message ("ItemId B0… is not accessible…"). */
function asinsNamed(message: string, asked: readonly string[]): string[] {
  return asked.filter((asin) => message.toUpperCase().includes(asin));
}

export class AmazonCreatorsSource implements PriceSource {
  readonly label = LABEL;
  readonly marketplace: string;
  private token: { value: string; until: number } | undefined;
  /** The one token request under way in this process. */
  private tokenRequest: Promise<string> | undefined;

  constructor(private readonly options: AmazonCreatorsOptions) {
    this.marketplace = options.marketplace;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.options.now() < this.token.until) return this.token.value;
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const { credentialId, credentialSecret, version } = this.options;
    const lwa = isLoginWithAmazon(version);
    const fields = {
      grant_type: 'client_credentials',
      client_id: credentialId,
      client_secret: credentialSecret,
      scope: lwa ? 'creatorsapi::default' : 'creatorsapi/default',
    };
    const answer = await callSource({
      label: LABEL,
      what: 'the token request',
      url: this.options.authUrl,
      headers: {},
      body: lwa ? { json: fields } : { form: fields },
      timeoutMs: this.options.timeoutMs ?? AMAZON_TIMEOUT_MS,
    });
    const parsed = tokenAnswerSchema.safeParse(answer);
    if (!parsed.success) throw new PriceSourceError(`${LABEL} answered the token request without a token.`);
    const seconds = parsed.data.expires_in ?? DEFAULT_TOKEN_SECONDS;
    this.token = {
      value: parsed.data.access_token,
      until: this.options.now() + seconds * 1000 - TOKEN_MARGIN_MS,
    };
    return this.token.value;
  }

  async readItems(asins: readonly string[]): Promise<ItemRead[]> {
    if (asins.length === 0) return [];
    if (asins.length > MAX_ITEMS_PER_CALL) throw new Error(`At most ${MAX_ITEMS_PER_CALL} items per call.`);
    const token = await this.accessToken();
    const { version } = this.options;
    let answer: unknown;
    try {
      answer = await callSource({
        label: LABEL,
        what: 'getItems',
        url: `${this.options.apiUrl.replace(/\/+$/, '')}/catalog/v1/getItems`,
        headers: {
          authorization: isLoginWithAmazon(version)
            ? `Bearer ${token}`
            : `Bearer ${token}, Version ${version}`,
          'x-marketplace': this.options.marketplace,
        },
        body: {
          json: {
            partnerTag: this.options.partnerTag,
            itemIds: asins,
            resources: ['offersV2.listings.price', 'offersV2.listings.availability'],
          },
        },
        timeoutMs: this.options.timeoutMs ?? AMAZON_TIMEOUT_MS,
      });
    } catch (error) {
      // A refused token is asked for again next time.
      if (error instanceof PriceSourceError && error.status === 401) this.token = undefined;
      throw error;
    }
    return readItemsAnswer(answer, asins);
  }
}

/** getItems' answer in our words; anything that is not what Amazon sends refuses the whole answer. */
export function readItemsAnswer(answer: unknown, asked: readonly string[]): ItemRead[] {
  const parsed = itemsAnswerSchema.safeParse(answer);
  if (!parsed.success) {
    throw new PriceSourceError(
      `${LABEL} answered getItems with something that is not a list of items and prices.`,
    );
  }
  const reads: ItemRead[] = [];
  for (const item of parsed.data.itemsResult?.items ?? []) {
    const asin = item.asin.toUpperCase();
    if (!asked.includes(asin)) continue;
    const listing = item.offersV2?.listings?.[0];
    const money = listing?.price?.money;
    if (money && money.currency !== 'USD') {
      throw new PriceSourceError(`${LABEL} answered a price in ${money.currency}; the shop shows USD.`);
    }
    reads.push({
      asin,
      status: 'found',
      priceCents: money ? Math.round(money.amount * 100) : undefined,
      inStock: listing?.availability?.type === 'IN_STOCK',
    });
  }
  for (const error of parsed.data.errors ?? []) {
    const code = error.code ?? '';
    const status = /accessible/i.test(code + (error.message ?? '')) ? 'not-accessible' : 'not-found';
    if (!/notfound|not found|accessible|invalid/i.test(`${code} ${error.message ?? ''}`)) continue;
    for (const asin of asinsNamed(error.message ?? '', asked)) {
      if (!reads.some((read) => read.asin === asin)) reads.push({ asin, status });
    }
  }
  return reads;
}

const VERSION = /^[23]\.\d+$/;

export const amazonCreators = definePriceSource({
  name: 'amazon-creators',
  label: LABEL,
  env: {
    AMAZON_CREATORS_CREDENTIAL_ID: optionalText,
    AMAZON_CREATORS_CREDENTIAL_SECRET: optionalText,
    AMAZON_CREATORS_VERSION: optionalText,
    AMAZON_PARTNER_TAG: optionalText,
    AMAZON_MARKETPLACE: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, { error: 'must be a host name such as www.amazon.com' })
      .default('www.amazon.com'),
    AMAZON_CREATORS_API_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('https://creatorsapi.amazon'),
    AMAZON_CREATORS_AUTH_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  },
  configured: (s) => s.AMAZON_CREATORS_CREDENTIAL_ID !== undefined,
  problems(s) {
    if (s.AMAZON_CREATORS_CREDENTIAL_ID === undefined) {
      const stray = (['AMAZON_CREATORS_CREDENTIAL_SECRET', 'AMAZON_PARTNER_TAG'] as const).filter(
        (name) => s[name] !== undefined,
      );
      return stray.map((variable) => ({
        variable: 'AMAZON_CREATORS_CREDENTIAL_ID',
        message: `must be set when ${variable} is (the Creators API price source needs both)`,
      }));
    }
    const problems: { variable: string; message: string }[] = [];
    const need = (variable: string, why: string) =>
      problems.push({ variable, message: `must be set: ${why}` });
    if (s.AMAZON_CREATORS_CREDENTIAL_SECRET === undefined)
      need('AMAZON_CREATORS_CREDENTIAL_SECRET', 'the Creators API token is asked for with it');
    if (s.AMAZON_PARTNER_TAG === undefined)
      need('AMAZON_PARTNER_TAG', 'every getItems call names the partner tag');
    const version = s.AMAZON_CREATORS_VERSION;
    if (version === undefined) need('AMAZON_CREATORS_VERSION', 'the credentials’ version, e.g. 2.1');
    else if (!VERSION.test(version))
      problems.push({
        variable: 'AMAZON_CREATORS_VERSION',
        message: 'must be a 2.x or 3.x version, e.g. 2.1',
      });
    else if (!AUTH_ENDPOINTS[version] && s.AMAZON_CREATORS_AUTH_URL === undefined)
      problems.push({
        variable: 'AMAZON_CREATORS_AUTH_URL',
        message: `must be set for version ${version}, whose token endpoint this app does not know`,
      });
    return problems;
  },
  marketplace: (s) => s.AMAZON_MARKETPLACE,
  create: (s, { now }) =>
    new AmazonCreatorsSource({
      credentialId: s.AMAZON_CREATORS_CREDENTIAL_ID!,
      credentialSecret: s.AMAZON_CREATORS_CREDENTIAL_SECRET!,
      version: s.AMAZON_CREATORS_VERSION!,
      partnerTag: s.AMAZON_PARTNER_TAG!,
      marketplace: s.AMAZON_MARKETPLACE,
      apiUrl: s.AMAZON_CREATORS_API_URL,
      authUrl: s.AMAZON_CREATORS_AUTH_URL ?? AUTH_ENDPOINTS[s.AMAZON_CREATORS_VERSION!]!,
      now,
    }),
});
