// A server module is entered through its front door: code outside it (another module, app.ts, the seed,
// ops scripts) may import only its index.ts.
import path from 'node:path';

const MODULES = `${path.sep}server${path.sep}modules${path.sep}`;

/** The module a file belongs to (`orders` for server/modules/orders/…), or null outside server/modules. */
function moduleOf(file) {
  const at = file.indexOf(MODULES);
  if (at === -1) return null;
  return file.slice(at + MODULES.length).split(path.sep)[0] ?? null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const moduleFrontDoors = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports another server module only through its index.ts' },
    schema: [],
    messages: {
      internal:
        "'{{source}}' reaches into the {{target}} module; import what it offers from '{{door}}' (its index.ts) instead.",
    },
  },
  create(context) {
    const file = context.filename;
    const own = moduleOf(file);
    // Tests may reach in: they check one module's internals, sometimes with another's helpers.
    if (/\.test\.tsx?$/.test(file)) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), source);
      const target = moduleOf(resolved);
      if (target === null || target === own) return;
      const inModule = resolved.slice(resolved.indexOf(MODULES) + MODULES.length).split(path.sep);
      if (inModule.length === 2 && /^index\.(js|ts)$/.test(inModule[1])) return;
      const door =
        path.relative(
          path.dirname(file),
          resolved.slice(0, resolved.indexOf(MODULES) + MODULES.length + target.length),
        ) + '/index.js';
      context.report({ node: node.source, messageId: 'internal', data: { source, target, door } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
