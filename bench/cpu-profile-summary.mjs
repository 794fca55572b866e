// What a V8 CPU profile (.cpuprofile, as `node --cpu-prof` writes it) spent its time on: self time by
// package (node_modules/<name>, node: internals, the app's own files) and by function, and the share of
// samples where the process was idle. `npm run bench:http -- --profile DIR` writes the app's profile and
// prints this; the same file opens as a flame graph in Chrome DevTools (Performance) or speedscope.
// Run alone: `node bench/cpu-profile-summary.mjs file.cpuprofile [--top 25]`.
import fs from 'node:fs';

/** Self time per package and per function, as shares of the profile's whole time. */
export function summarize(profile, top = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByNode = new Map();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + delta);
    total += delta;
  });
  const where = ({ callFrame: { url } }) => {
    if (!url) return '(native)';
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (pkg) return pkg[1];
    return url.startsWith('node:') ? url : url.replace(/^.*?\/(dist|server|shared)\//, '$1/');
  };
  const byPackage = new Map();
  const byFunction = new Map();
  for (const [id, micros] of selfByNode) {
    const node = byId.get(id);
    const name = node.callFrame.functionName || '(anonymous)';
    const pkg = ['(idle)', '(garbage collector)', '(program)'].includes(name) ? name : where(node);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
    const fn = `${name} ${where(node)}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
  }
  const lines = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, micros]) => `  ${((micros / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
  return [
    `${(total / 1e6).toFixed(1)} s of samples; self time by package:`,
    ...lines(byPackage),
    'by function:',
    ...lines(byFunction),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node bench/cpu-profile-summary.mjs file.cpuprofile [--top 25]');
    process.exit(1);
  }
  const at = process.argv.indexOf('--top');
  console.log(
    summarize(JSON.parse(fs.readFileSync(file, 'utf8')), at > 0 ? Number(process.argv[at + 1]) : 25),
  );
}
