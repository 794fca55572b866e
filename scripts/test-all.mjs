// `npm test`: a production build, unit and API tests (Vitest), then the browser journeys (Playwright).
// The build comes first: server/modules/seo/valid-html.test.ts checks the pages made from the built client.
// Ends with the one line CI reads: "N passed, N failed".
// Each step is its own process group, and Vitest and Playwright run as node itself (not through npx, whose
// shell a signal would stop in their place): a SIGINT or SIGTERM to `npm test` stops the step that runs,
// and what it started, before this ends (scripts/processes.mjs).
import fs from 'node:fs';
import { startProcess, stopChildrenOnSignals } from './processes.mjs';

fs.mkdirSync('test-results', { recursive: true });
stopChildrenOnSignals();
const run = async (command, args) => {
  const step = startProcess(command, args, { stdio: 'inherit', group: true });
  const { code } = await step.exited;
  // Anything the step left in its group goes with it.
  await step.stop();
  return code ?? 1;
};
const node = (bin, args) => run(process.execPath, [`node_modules/.bin/${bin}`, ...args]);

let passed = 0;
let failed = 0;

const built = (await run('npm', ['run', 'build'])) === 0;
if (!built) failed += 1;

const vitestJson = 'test-results/vitest.json';
fs.rmSync(vitestJson, { force: true });
const vitestStatus = await node('vitest', [
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
    const e2eStatus = await node('playwright', ['test']);
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
