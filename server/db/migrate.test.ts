import { describe, expect, it } from 'vitest';
import { anotherSchemaVanished } from './migrate.js';

describe('anotherSchemaVanished', () => {
  const ours = 'test_aaaa_1111';
  it("tries again when another run's schema or one of its tables vanished while Kysely listed them", () => {
    expect(anotherSchemaVanished(new Error('schema "test_bbbb_2222" does not exist'), ours)).toBe(true);
    expect(
      anotherSchemaVanished(new Error('relation "test_bbbb_2222.catalog_versions" does not exist'), ours),
    ).toBe(true);
  });
  it('fails at once when our own schema or table is missing, or for any other error', () => {
    expect(anotherSchemaVanished(new Error(`schema "${ours}" does not exist`), ours)).toBe(false);
    expect(anotherSchemaVanished(new Error(`relation "${ours}.orders" does not exist`), ours)).toBe(false);
    expect(anotherSchemaVanished(new Error('relation "orders" does not exist'), ours)).toBe(false);
    expect(anotherSchemaVanished(new Error('syntax error at or near "x"'), ours)).toBe(false);
    expect(anotherSchemaVanished('schema "x" does not exist', ours)).toBe(false);
  });
});
