/**
 * A local stand-in for Amazon's Creators API (issue 29): the token endpoints of both flows (Cognito's
 * form-encoded one for versions 2.x, Login with Amazon's JSON one for 3.x) and getItems. It checks the
 * credentials, the token, the version in the Authorization header and the marketplace, and records each
 * request with the time it arrived; a test sets the items it knows and how it answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const STAND_IN_CREDENTIAL_ID = 'stand-in-credential';
export const STAND_IN_CREDENTIAL_SECRET = 'stand-in-secret';
export const STAND_IN_PARTNER_TAG = 'standin-20';

export type CreatorsMode =
  'ok' | 'too-fast' | 'server-error' | 'not-json' | 'bad-price' | 'refuse-token' | 'slow';

export interface CreatorsRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** Date.now() when it arrived. */
  at: number;
}

export interface StandInItem {
  amount?: number;
  currency?: string;
  /** availability.type; undefined: no listing at all. */
  type?: string;
}

export interface CreatorsStandIn {
  /** AMAZON_CREATORS_API_URL */
  apiUrl: string;
  /** AMAZON_CREATORS_AUTH_URL for versions 2.x (form-encoded) and 3.x (JSON). */
  cognitoUrl: string;
  lwaUrl: string;
  mode: CreatorsMode;
  /** Every ASIN it knows; others are answered in errors[] as not found. */
  items: Map<string, StandInItem>;
  /** ASINs answered as not accessible. */
  inaccessible: Set<string>;
  /** Seconds each token lives. */
  tokenSeconds: number;
  tokens: CreatorsRequest[];
  calls: CreatorsRequest[];
  /** The env that points the app at it (version 2.1 by default). */
  env(version?: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startCreatorsStandIn(): Promise<CreatorsStandIn> {
  let issued = 0;
  const live = new Set<string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      const form = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      let body: unknown;
      try {
        body = form ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text);
      } catch {
        body = text;
      }
      const record = { path, headers: request.headers, body, at: Date.now() };
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      const fields = body as Record<string, string>;
      if (path === '/auth/cognito' || path === '/auth/lwa') {
        standIn.tokens.push(record);
        const cognito = path === '/auth/cognito';
        const rightShape = cognito ? form : !form;
        const scope = cognito ? 'creatorsapi/default' : 'creatorsapi::default';
        if (
          standIn.mode === 'refuse-token' ||
          !rightShape ||
          fields.grant_type !== 'client_credentials' ||
          fields.client_id !== STAND_IN_CREDENTIAL_ID ||
          fields.client_secret !== STAND_IN_CREDENTIAL_SECRET ||
          fields.scope !== scope
        ) {
          return send(400, { error: 'invalid_client' });
        }
        issued += 1;
        const token = `token-${issued}-${cognito ? 'c' : 'l'}`;
        live.add(token);
        return send(200, { access_token: token, expires_in: standIn.tokenSeconds, token_type: 'bearer' });
      }
      if (path !== '/catalog/v1/getItems' || request.method !== 'POST')
        return send(404, { message: 'Not found' });
      standIn.calls.push(record);
      const auth = /^Bearer (\S+?)(?:, Version (\S+))?$/.exec(request.headers.authorization ?? '');
      const token = auth?.[1] ?? '';
      const version = auth?.[2];
      if (!live.has(token) || (token.endsWith('-c') ? version === undefined : version !== undefined)) {
        return send(401, { message: 'Unauthorized' });
      }
      if (request.headers['x-marketplace'] !== 'www.amazon.com')
        return send(400, { message: 'Bad marketplace' });
      switch (standIn.mode) {
        case 'too-fast':
          return send(429, { message: 'TooManyRequests' });
        case 'server-error':
          return send(503, { message: 'Unavailable' });
        case 'not-json':
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.end('{"itemsResult": [');
        case 'slow':
          return;
        default:
          break;
      }
      const ids = (fields as unknown as { itemIds: string[] }).itemIds ?? [];
      if (ids.length > 10 || (body as { partnerTag?: string }).partnerTag !== STAND_IN_PARTNER_TAG) {
        return send(400, { message: 'Invalid request' });
      }
      const items = ids
        .filter((asin) => standIn.items.has(asin) && !standIn.inaccessible.has(asin))
        .map((asin) => {
          const item = standIn.items.get(asin)!;
          const listing =
            item.type === undefined
              ? []
              : [
                  {
                    price: {
                      money: {
                        amount: standIn.mode === 'bad-price' ? 'lots' : item.amount,
                        currency: item.currency ?? 'USD',
                      },
                    },
                    availability: { type: item.type },
                  },
                ];
          return {
            asin,
            detailPageURL: `https://www.amazon.com/dp/${asin}?tag=${STAND_IN_PARTNER_TAG}`,
            offersV2: { listings: listing },
          };
        });
      const errors = ids
        .filter((asin) => !standIn.items.has(asin) || standIn.inaccessible.has(asin))
        .map((asin) =>
          standIn.inaccessible.has(asin)
            ? {
                code: 'ItemNotAccessible',
                message: `The ItemId ${asin} is not accessible through the Creators API.`,
              }
            : {
                code: 'InvalidParameterValue',
                message: `The ItemId ${asin} provided in the request is not valid.`,
              },
        );
      return send(200, { itemsResult: { items }, ...(errors.length ? { errors } : {}) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn: CreatorsStandIn = {
    apiUrl: base,
    cognitoUrl: `${base}/auth/cognito`,
    lwaUrl: `${base}/auth/lwa`,
    mode: 'ok',
    items: new Map(),
    inaccessible: new Set(),
    tokenSeconds: 3600,
    tokens: [],
    calls: [],
    env: (version = '2.1') => ({
      AMAZON_CREATORS_CREDENTIAL_ID: STAND_IN_CREDENTIAL_ID,
      AMAZON_CREATORS_CREDENTIAL_SECRET: STAND_IN_CREDENTIAL_SECRET,
      AMAZON_CREATORS_VERSION: version,
      AMAZON_PARTNER_TAG: STAND_IN_PARTNER_TAG,
      AMAZON_CREATORS_API_URL: base,
      AMAZON_CREATORS_AUTH_URL: version.startsWith('3.') ? `${base}/auth/lwa` : `${base}/auth/cognito`,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
