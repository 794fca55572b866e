// `npm test`: a production build, unit and API tests (Vitest), then the browser journeys (Playwright).
// The build comes first: server/modules/seo/valid-html.test.ts checks the pages made from the built client.
// Ends with the one line CI reads: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

fs.mkdirSync('test-results', { recursive: true });
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', shell: false }).status ?? 1;

let passed = 0;
let failed = 0;

const built = run('npm', ['run', 'build']) === 0;
if (!built) failed += 1;

const vitestJson = 'test-results/vitest.json';
fs.rmSync(vitestJson, { force: true });
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${vitestJson}`,
]);
if (fs.existsSync(vitestJson)) {
  const report = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (vitestStatus !== 0 && report.numFailedTests === 0 ? 1 : 0);
} else {
  failed += 1;
}

const skipE2e = process.argv.includes('--no-e2e');
if (!skipE2e) {
  if (built) {
    const playwrightJson = 'test-results/playwright.json';
    fs.rmSync(playwrightJson, { force: true });
    const e2eStatus = run('npx', ['playwright', 'test']);
    if (fs.existsSync(playwrightJson)) {
      const { stats } = JSON.parse(fs.readFileSync(playwrightJson, 'utf8'));
      passed += stats.expected + stats.flaky;
      failed += stats.unexpected + (e2eStatus !== 0 && stats.unexpected === 0 ? 1 : 0);
    } else {
      failed += 1;
    }
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
