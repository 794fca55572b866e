/**
 * docs/api.md's worked examples, run as written: every ```sh block under "## Worked examples", in order,
 * in one bash session (so the tokens carry from block to block as the doc shows), against a real server
 * seeded with the demo catalogue, with the doc's base URL swapped for the test server's. A step that
 * fails (curl -f, set -e) fails the test and names its block; then the test checks what the steps did.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from './seed/seed.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_DIALECTS, type TestApp } from './test/harness.js';

const API_MD = fileURLToPath(new URL('../docs/api.md', import.meta.url));
const SECTION = '## Worked examples';
/** The address the doc's examples use; the test's own server replaces it. */
const DOC_BASE = 'http://localhost:3000';

/** The ```sh blocks of the worked-examples section, in order. */
function workedExamples(markdown: string): string[] {
  const start = markdown.indexOf(`\n${SECTION}\n`);
  if (start === -1) throw new Error(`docs/api.md has no "${SECTION}" section.`);
  const rest = markdown.slice(start + SECTION.length + 2);
  const end = rest.search(/^## /m);
  const section = end === -1 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!.trimEnd());
}

/** Each curl of a block, with its options: every one must fail on an error status. */
const curlCalls = (block: string) => block.match(/\bcurl\b[^|)]*/g) ?? [];
const failsOnError = (call: string) => /\s(-[a-zA-Z]*f[a-zA-Z]*|--fail(-with-body)?)(\s|$)/.test(call);

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function runBash(script: string, cwd: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('the worked examples of docs/api.md', () => {
  const blocks = workedExamples(fs.readFileSync(API_MD, 'utf8'));

  it('has a block per step, each curl failing on an error status', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    expect(blocks[0]).toContain(`BASE=${DOC_BASE}`);
    for (const block of blocks) {
      for (const call of curlCalls(block)) expect(failsOnError(call), call).toBe(true);
    }
  });

  it('sees a curl without -f, and a section that is missing', () => {
    expect(failsOnError('curl -sS "$BASE/api/cart"')).toBe(false);
    expect(failsOnError('curl -fsS "$BASE/api/cart"')).toBe(true);
    expect(() => workedExamples('# The API\n')).toThrow(/no "## Worked examples"/);
  });
});

describe.each(TEST_DIALECTS)('the worked examples of docs/api.md, run on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-api-examples-'));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedDemoCatalogue(t.handle.db, t.config.imagesDir);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${port}`;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('runs every step in order, and each does what the doc says', { timeout: 60_000 }, async () => {
    const blocks = workedExamples(fs.readFileSync(API_MD, 'utf8'));
    // A marker before each block on stderr tells which one stopped the session.
    const script = blocks
      .map((block, index) => `echo "::block ${index}" >&2\n${block.replaceAll(DOC_BASE, base)}`)
      .join('\n');
    const run = await runBash(script, workDir, { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
    const reached = Number([...run.stderr.matchAll(/::block (\d+)/g)].at(-1)?.[1] ?? -1);
    expect(
      run.status,
      `block ${reached} failed:\n${blocks[reached]}\n--- stderr:\n${run.stderr}\n--- stdout:\n${run.stdout}`,
    ).toBe(0);

    // The buyer's order is there, paid; the product has its new title; the export is a CSV with it.
    const buyers = await t.handle.db.selectFrom('users').select('id').execute();
    expect(buyers).toHaveLength(1);
    const orders = await t.handle.db
      .selectFrom('orders')
      .select('payment_status')
      .where('user_id', '=', buyers[0]!.id)
      .execute();
    expect(orders).toEqual([{ payment_status: 'finished' }]);
    expect(run.stdout).toContain('"payment_status": "finished"');
    const product = (await t.app.inject('/api/products/1?shop=pc')).json();
    expect(product.title).toBe('Ryzon 7 7800 8-Core Processor, boxed');
    const csv = fs.readFileSync(path.join(workDir, 'pc.csv'), 'utf8');
    expect(csv).toContain('Ryzon 7 7800 8-Core Processor, boxed');
  });
});
