// `npm start`: builds (`npm run build`), then serves that build in this same process, as `npm run serve`
// does. package.json runs it with `exec`, so this process takes the place of npm's shell: the SIGTERM a
// process manager sends npm, which npm passes on to its script, reaches the server itself, which stops
// within 10 s (docs/operations.md). A SIGINT or SIGTERM during the build stops the build (its own
// process group: npm, its shell, vite and tsc) and ends here.
import { startProcess, stopChildrenOnSignals } from './processes.mjs';

const removeHandlers = stopChildrenOnSignals();
const build = startProcess('npm', ['run', 'build'], { stdio: 'inherit', group: true });
const { code, error } = await build.exited;
if (error) {
  console.error(`npm start could not run the build: ${error.message}`);
  process.exit(1);
}
if (code !== 0) process.exit(code ?? 1);
// From here the server's own handlers answer SIGINT and SIGTERM (server/main.ts).
removeHandlers();
await import('./serve.mjs');
