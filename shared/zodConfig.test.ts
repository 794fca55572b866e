/**
 * zod must never build code with `new Function`: the CSP has no 'unsafe-eval', so even zod's caught probe
 * shows up as a CSP violation on every page load. This file imports zod only after the trap is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const schemaDir = path.join(here, 'schemas');
const schemaFiles = fs
  .readdirSync(schemaDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('zod configuration', () => {
  it('builds and parses every shared schema without constructing a Function', async () => {
    const constructed: unknown[][] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args: unknown[]) {
        constructed.push(args);
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      const modules = [];
      for (const name of schemaFiles) modules.push(await import(`./schemas/${name}`));
      const { catalogQuerySchema, productDetailSchema } = await import('./schemas/catalog.js');
      const { loginBodySchema } = await import('./schemas/admin.js');
      // Synchronous parses of object schemas are where zod would run compiled code.
      expect(catalogQuerySchema.safeParse({ shop: 'default' }).success).toBe(true);
      expect(loginBodySchema.safeParse({ password: 'x' }).success).toBe(true);
      expect(productDetailSchema.safeParse({}).success).toBe(false);
      expect(modules.length).toBe(schemaFiles.length);
      const { z } = await import('zod');
      expect(z.config().jitless).toBe(true);
    } finally {
      globalThis.Function = original;
    }
    expect(constructed).toEqual([]);
  });

  // Which module a page or test happens to load first varies, so each schema module configures zod
  // itself before building anything, and so does the server's entry point.
  it.each([
    ...schemaFiles.map((name) => [`shared/schemas/${name}`, path.join(schemaDir, name), '../zodConfig.js']),
    ['server/main.ts', path.join(here, '../server/main.ts'), '../shared/zodConfig.js'],
  ])('%s imports the zod configuration before anything else', (_name, file, specifier) => {
    const imports = [...fs.readFileSync(file, 'utf8').matchAll(/^import\s[^;]*?['"]([^'"]+)['"];?$/gms)];
    expect(imports[0]?.[1]).toBe(specifier);
  });

  // The browser builds schemas only through shared/schemas (configured above); a client module that built
  // its own would run zod's probe. Type-only imports are erased and cannot.
  it('client code imports zod for types only', () => {
    const clientDir = path.join(here, '../client');
    const files = fs
      .readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name));
    const runtime = files.filter((name) =>
      /^import\s+(?!type\b)[^;]*?from\s+['"]zod['"]/m.test(
        fs.readFileSync(path.join(clientDir, name), 'utf8'),
      ),
    );
    expect(runtime).toEqual([]);
  });
});
