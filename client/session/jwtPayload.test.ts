import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, sessionUserFromToken } from './jwtPayload.js';

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (payload: unknown) =>
  `${segment({ alg: 'HS256', typ: 'JWT' })}.${segment(payload)}.c2lnbmF0dXJl`;

const NOW = Date.UTC(2025, 0, 1);
const user = { sub: 'demo-ada', name: 'Ada Lovelace', email: 'ada@example.com', picture: '' };

describe('decodeJwtPayload', () => {
  it('reads the payload of a three-part token', () => {
    expect(decodeJwtPayload(token({ sub: 'a', n: 1 }))).toEqual({ sub: 'a', n: 1 });
  });

  it('keeps non-ASCII names intact (UTF-8, not Latin-1)', () => {
    for (const name of ['Zoë Ångström', '山田 太郎', 'Ольга', '🙂 Emoji']) {
      expect(decodeJwtPayload(token({ name }))).toEqual({ name });
    }
  });

  it('reads base64url characters (- and _) that plain base64 would not', () => {
    // "?>" encodes to "Pz4", "??>" to "Pz8-" in base64url: payloads carrying them must decode.
    const payload = { name: '??>>>~~~' };
    const encoded = segment(payload);
    expect(encoded).toMatch(/[-_]/);
    expect(decodeJwtPayload(`x.${encoded}.y`)).toEqual(payload);
  });

  it.each([
    ['empty', ''],
    ['one part', 'abc'],
    ['two parts', `${segment({})}.${segment({ sub: 'a' })}`],
    ['four parts', `a.${segment({ sub: 'a' })}.c.d`],
    ['empty payload', 'a..c'],
    ['not base64url', 'a.%%%%.c'],
    ['impossible length', 'a.abcde.c'],
    ['not JSON', `a.${Buffer.from('not json').toString('base64url')}.c`],
    ['JSON array', `a.${segment([1, 2])}.c`],
    ['JSON string', `a.${segment('text')}.c`],
    ['JSON null', `a.${segment(null)}.c`],
    ['invalid UTF-8', `a.${Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url')}.c`],
  ])('answers null for a malformed token (%s)', (_, value) => {
    expect(decodeJwtPayload(value)).toBeNull();
  });
});

describe('sessionUserFromToken', () => {
  it('gives sub, name, email and picture', () => {
    const picture = 'https://lh3.googleusercontent.com/a/photo';
    expect(sessionUserFromToken(token({ ...user, picture, exp: NOW / 1000 + 60 }), NOW)).toEqual({
      ...user,
      picture,
    });
  });

  it('reads a missing or odd picture as none', () => {
    expect(sessionUserFromToken(token({ sub: 'a', name: 'A', email: 'a@b.c' }), NOW)?.picture).toBe('');
    expect(sessionUserFromToken(token({ ...user, picture: 42 }), NOW)?.picture).toBe('');
  });

  it('refuses an expired token, and one whose exp is not a number', () => {
    expect(sessionUserFromToken(token({ ...user, exp: NOW / 1000 }), NOW)).toBeNull();
    expect(sessionUserFromToken(token({ ...user, exp: NOW / 1000 - 1 }), NOW)).toBeNull();
    expect(sessionUserFromToken(token({ ...user, exp: 'soon' }), NOW)).toBeNull();
  });

  it('refuses a payload without a user id, name or e-mail', () => {
    expect(sessionUserFromToken(token({ ...user, sub: '' }), NOW)).toBeNull();
    expect(sessionUserFromToken(token({ name: 'A', email: 'a@b.c' }), NOW)).toBeNull();
    expect(sessionUserFromToken(token({ sub: 'a', email: 'a@b.c' }), NOW)).toBeNull();
    expect(sessionUserFromToken(token({ sub: 'a', name: 'A', email: 7 }), NOW)).toBeNull();
    expect(sessionUserFromToken('garbage', NOW)).toBeNull();
  });
});
