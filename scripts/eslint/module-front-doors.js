// A server module is entered through its front door: code outside it (another module, app.ts, the seed,
// ops scripts) may import only its index.ts (docs/architecture.md §3).
import path from 'node:path';

const MODULES = `${path.sep}server${path.sep}modules${path.sep}`;

/** The module a file belongs to (`orders` for server/modules/orders/…), or null outside server/modules. */
function moduleOf(file) {
  const at = file.indexOf(MODULES);
  if (at === -1) return null;
  return file.slice(at + MODULES.length).split(path.sep)[0] ?? null;
}

/** `'../orders/index.js'` as written from `fromDir`: always relative, so the message can be pasted. */
function doorFrom(fromDir, moduleDir) {
  const relative = path.relative(fromDir, moduleDir).split(path.sep).join('/');
  return `${relative.startsWith('.') ? '' : './'}${relative}/index.js`;
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
      if (inModule.length === 2 && /^index(\.(js|ts))?$/.test(inModule[1])) return;
      const moduleDir = resolved.slice(0, resolved.indexOf(MODULES) + MODULES.length + target.length);
      const door = doorFrom(path.dirname(file), moduleDir);
      context.report({ node: node.source, messageId: 'internal', data: { source, target, door } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      // import('…') with a literal path; a computed one cannot be checked here.
      ImportExpression: check,
    };
  },
};
