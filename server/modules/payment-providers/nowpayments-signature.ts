import crypto from 'node:crypto';

/** Deeper than any real callback; a body nested past it is refused rather than recursed into. */
export const MAX_IPN_DEPTH = 32;

class TooDeep extends Error {}

function canonical(value: unknown, depth: number): string {
  if (depth > MAX_IPN_DEPTH) throw new TooDeep();
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Written out by hand: an object built in sorted order would still list integer-like keys first.
    const members = Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key], depth + 1)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The callback body as NOWPayments signs it (docs/architecture.md §7): compact JSON with every object's keys sorted,
 * nested objects such as `fee` included; arrays keep their order. Undefined when the body is too deep.
 */
export function canonicalJson(value: unknown): string | undefined {
  try {
    return canonical(value, 0);
  } catch (error) {
    if (error instanceof TooDeep) return undefined;
    throw error;
  }
}

/** The hex HMAC-SHA512 of the canonical body, keyed with NOWPAYMENTS_IPN_SECRET. */
export function ipnSignature(secret: string, canonicalBody: string): string {
  return crypto.createHmac('sha512', secret).update(canonicalBody).digest('hex');
}

/**
 * Whether `header` (x-nowpayments-sig) signs `canonicalBody`. The comparison takes the same time however
 * many leading characters match, so a forger learns nothing from how long a refusal takes.
 */
export function isValidIpnSignature(secret: string, canonicalBody: string, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(ipnSignature(secret, canonicalBody), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
