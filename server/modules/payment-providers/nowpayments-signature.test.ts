import crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, ipnSignature, isValidIpnSignature, MAX_IPN_DEPTH } from './nowpayments-signature.js';

const SECRET = 'ipn-secret';
const hmac = (text: string) => crypto.createHmac('sha512', SECRET).update(text).digest('hex');

describe('canonicalJson', () => {
  it('sorts keys at every depth, nested objects such as fee included, and keeps array order', () => {
    const body = {
      payment_status: 'finished',
      fee: { withdrawalFee: 0, currency: 'btc', depositFee: 1.5 },
      order_id: 'ord_1',
      list: [{ b: 1, a: 2 }, 3, 'x'],
    };
    expect(canonicalJson(body)).toBe(
      '{"fee":{"currency":"btc","depositFee":1.5,"withdrawalFee":0},"list":[{"a":2,"b":1},3,"x"],' +
        '"order_id":"ord_1","payment_status":"finished"}',
    );
  });

  it('writes what NOWPayments documents for a flat body (JSON.stringify with the sorted key list)', () => {
    const flat = {
      payment_id: 5077125051,
      payment_status: 'waiting',
      pay_amount: 0.00029,
      order_id: 'ord_2',
    };
    expect(canonicalJson(flat)).toBe(JSON.stringify(flat, Object.keys(flat).sort()));
  });

  it('sorts integer-like keys as text too, which a built object would put first', () => {
    expect(canonicalJson({ b: 1, 10: 2, 2: 3 })).toBe('{"10":2,"2":3,"b":1}');
  });

  it('keeps null, booleans, unicode and escapes exactly as JSON.stringify writes them', () => {
    expect(canonicalJson({ z: null, y: true, x: 'é "q" \u2028' })).toBe(
      JSON.stringify({ x: 'é "q" \u2028', y: true, z: null }),
    );
  });

  it('gives the same text for any key order, and the text reads back as the same value', () => {
    const shuffled = <T>(items: T[], seed: number) =>
      items
        .map((item, i) => ({ item, key: (i * 7919 + seed) % 104_729 }))
        .sort((a, b) => a.key - b.key)
        .map((e) => e.item);
    const reorder = (value: unknown, seed: number): unknown => {
      if (Array.isArray(value)) return value.map((item) => reorder(item, seed));
      if (value !== null && typeof value === 'object') {
        const entries = Object.entries(value).map(([k, v]) => [k, reorder(v, seed)] as const);
        return Object.fromEntries(shuffled(entries, seed));
      }
      return value;
    };
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.nat(), (value, seed) => {
        const text = canonicalJson(value);
        expect(text).toBeDefined();
        expect(canonicalJson(reorder(value, seed))).toBe(text);
        expect(JSON.parse(text!)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('refuses a body nested deeper than any callback instead of overflowing the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(canonicalJson({ a: deep })).toBeUndefined();
    let justInside: unknown = 1;
    for (let i = 0; i < MAX_IPN_DEPTH; i += 1) justInside = [justInside];
    expect(canonicalJson(justInside)).toBeDefined();
  });
});

describe('isValidIpnSignature', () => {
  const body = canonicalJson({ order_id: 'ord_1', payment_status: 'finished' })!;

  it('accepts the hex HMAC-SHA512 of the canonical body keyed with the IPN secret, in either case', () => {
    expect(ipnSignature(SECRET, body)).toBe(hmac(body));
    expect(isValidIpnSignature(SECRET, body, hmac(body))).toBe(true);
    expect(isValidIpnSignature(SECRET, body, hmac(body).toUpperCase())).toBe(true);
  });

  it('refuses another body, another secret, a cut, padded or non-hex signature, and no signature', () => {
    const good = hmac(body);
    expect(isValidIpnSignature(SECRET, body.replace('finished', 'failed'), good)).toBe(false);
    expect(isValidIpnSignature('another secret', body, good)).toBe(false);
    expect(isValidIpnSignature(SECRET, body, good.slice(0, 64))).toBe(false);
    expect(isValidIpnSignature(SECRET, body, `${good}00`)).toBe(false);
    expect(isValidIpnSignature(SECRET, body, `${good.slice(0, 127)}g`)).toBe(false);
    expect(isValidIpnSignature(SECRET, body, ` ${good.slice(1)}`)).toBe(false);
    expect(isValidIpnSignature(SECRET, body, '')).toBe(false);
    expect(isValidIpnSignature(SECRET, body, undefined)).toBe(false);
    expect(isValidIpnSignature(SECRET, body, [good, good])).toBe(false);
  });
});
