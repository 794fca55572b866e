import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textKeyedSchema } from './schemas/textKeyed.js';
import {
  groupTextKeyed,
  ownValue,
  textKeyed,
  type TextKeyed,
  textKeyedEntries,
  textKeyedKeys,
} from './textKeyed.js';

const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

describe('textKeyed records', () => {
  it('keep every Object.prototype name as an ordinary own key', () => {
    const record = textKeyed(HOSTILE.map((name, index) => [name, index]));
    expect(textKeyedKeys(record)).toEqual(HOSTILE);
    expect(Object.getPrototypeOf(record)).toBeNull();
    for (const [index, name] of HOSTILE.entries()) expect(ownValue(record, name)).toBe(index);
    expect(JSON.parse(JSON.stringify(record))).toEqual(
      Object.fromEntries(HOSTILE.map((name, index) => [name, index])),
    );
  });

  it('find no inherited member, also in an object that came from JSON.parse', () => {
    const parsed = JSON.parse('{"Main":["a"]}') as TextKeyed<string[]>;
    for (const name of HOSTILE) {
      expect(ownValue(parsed, name)).toBeUndefined();
      expect(ownValue(textKeyed<string[]>(), name)).toBeUndefined();
    }
    expect(ownValue(parsed, 'Main')).toEqual(['a']);
    expect(ownValue(undefined, 'Main')).toBeUndefined();
    const withProtoKey = JSON.parse('{"__proto__":["x"]}') as TextKeyed<string[]>;
    expect(ownValue(withProtoKey, '__proto__')).toEqual(['x']);
  });

  it('group values under any text, in order', () => {
    const pairs = [
      ['__proto__', 'a'],
      ['constructor', 'b'],
      ['__proto__', 'c'],
    ] as const;
    const grouped = groupTextKeyed(
      pairs,
      ([key]) => key,
      ([, value]) => value,
    );
    expect(textKeyedEntries(grouped)).toEqual([
      ['__proto__', ['a', 'c']],
      ['constructor', ['b']],
    ]);
  });
});

describe('textKeyedSchema', () => {
  const schema = textKeyedSchema(z.array(z.string()));
  const withHostileKeys = () => textKeyed(HOSTILE.map((name) => [name, [name]]));

  it('keeps "__proto__" on encode (what the server sends) and on parse (z.record drops it)', () => {
    // eslint-disable-next-line no-restricted-syntax -- shows why the shared schemas do not use z.record
    expect(z.record(z.string(), z.array(z.string())).parse(withHostileKeys())).not.toHaveProperty(
      '__proto__',
    );
    const encoded = z.encode(schema, withHostileKeys());
    expect(JSON.parse(JSON.stringify(encoded))).toEqual(JSON.parse(JSON.stringify(withHostileKeys())));
    const parsed = schema.parse(JSON.parse(JSON.stringify(withHostileKeys())));
    expect(textKeyedKeys(parsed)).toEqual(HOSTILE);
    expect(ownValue(parsed, '__proto__')).toEqual(['__proto__']);
  });

  it('refuses what is not an object of valid values, naming the key', () => {
    expect(schema.safeParse([]).success).toBe(false);
    expect(schema.safeParse(null).success).toBe(false);
    const bad = schema.safeParse(JSON.parse('{"ok":["a"],"__proto__":[1]}'));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path)).toEqual([['__proto__', 0]]);
  });
});
