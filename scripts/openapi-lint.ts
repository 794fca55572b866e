/**
 * `npm run lint:openapi`: builds the app (over a throwaway SQLite database, no server listening), writes
 * its OpenAPI document to test-results/openapi.json and runs Redocly CLI's `lint` on it (redocly.yaml:
 * the `recommended` rules). Prints each problem and one closing line; fails on any error.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp } from '../server/test/harness.js';

const OUT = path.join('test-results', 'openapi.json');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}
interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Problem[];
}

async function writeDocument(file: string): Promise<void> {
  const t = await createTestApp('sqlite');
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(t.app.swagger(), null, 2)}\n`);
  } finally {
    await t.close();
  }
}

function lint(file: string): LintReport | undefined {
  const redocly = path.join('node_modules', '.bin', 'redocly');
  const run = spawnSync(redocly, ['lint', file, '--format=json', '--max-problems=1000'], {
    encoding: 'utf8',
  });
  try {
    return JSON.parse(run.stdout) as LintReport;
  } catch {
    process.stderr.write(run.stderr);
    return undefined;
  }
}

await writeDocument(OUT);
const report = lint(OUT);
if (!report) {
  console.log(`OpenAPI document: redocly lint did not run (see above); ${OUT} was written.`);
  process.exit(1);
}
for (const problem of report.problems) {
  const where = problem.location[0]?.pointer ?? '';
  console.log(
    `${problem.severity === 'error' ? 'error' : 'warning'} ${problem.ruleId} ${where}: ${problem.message}`,
  );
}
const { errors, warnings, ignored } = report.totals;
console.log(
  `OpenAPI document (${OUT}, redocly lint, recommended rules): ${errors} errors, ${warnings} warnings, ${ignored} ignored with a reason (.redocly.lint-ignore.yaml).`,
);
process.exit(errors > 0 ? 1 : 0);
