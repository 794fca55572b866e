// One linter config for the whole repo; the architecture rules live here so they are enforced, not hoped for.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { moduleFrontDoors } from './scripts/eslint/module-front-doors.js';

/** Objects keyed by typed text (category names) inherit Object.prototype: "constructor" is found, "__proto__" replaces the prototype. */
const TEXT_KEYED_RESTRICTIONS = [
  {
    selector: 'AssignmentExpression[operator=/^(\\?\\?|\\|\\||&&)=$/] > MemberExpression.left[computed=true]',
    message:
      'obj[key] ??= … finds inherited members such as "constructor"; use a Map or groupTextKeyed (shared/textKeyed.ts).',
  },
  {
    selector: "BinaryExpression[operator='in'][left.type!=/^(Literal|PrivateIdentifier)$/]",
    message: '`key in obj` sees inherited members such as "toString"; use Map.has or Object.hasOwn.',
  },
  {
    selector: "CallExpression[callee.object.name='z'][callee.property.name='record']",
    message:
      'z.record leaves a "__proto__" key out of its output; use textKeyedSchema (shared/schemas/textKeyed.ts).',
  },
];

/** Nouns the screens count: a number written straight before one reads "1 orders" (client/ui/plural.ts). */
const COUNTED =
  '(orders?|products?|items?|units?|messages?|views?|days?|images?|problems?|lines?|e-mails?|stars?|results?|pages?|chats?|conditions?|categories|category)';
const PLURAL_RESTRICTIONS = [
  {
    selector: `TemplateLiteral > TemplateElement[value.raw=/^ ${COUNTED}\\b/]`,
    message: 'A count before a noun reads "1 orders": write countOf(n, \'order\') (client/ui/plural.ts).',
  },
  {
    selector: `JSXExpressionContainer + JSXText[value=/^\\s+${COUNTED}\\b/]`,
    message: 'A count before a noun reads "1 orders": write {countOf(n, \'order\')} (client/ui/plural.ts).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Objects keyed by typed text (category names) inherit Object.prototype: "constructor" is found,
      // "__proto__" replaces the prototype. Such maps are Maps or shared/textKeyed.ts records.
      'no-restricted-syntax': ['error', ...TEXT_KEYED_RESTRICTIONS],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './client',
              from: './server',
              message: 'The browser code must not import server code.',
            },
            {
              target: './shared',
              from: './server',
              message: 'shared/ is imported by both sides; keep it free of server code.',
            },
            {
              target: './shared',
              from: './client',
              message: 'shared/ is imported by both sides; keep it free of client code.',
            },
            { target: './server', from: './client', message: 'The server must not import browser code.' },
            {
              target: './client/shops',
              from: ['./client/admin', './client/openbox', './client/chat'],
              message:
                'The shop engine knows no feature: cart, payments and chat fill its slots (client/shops/page/shopExtensions.ts) from the route table.',
            },
            {
              target: './client/ui',
              from: ['./client/admin', './client/openbox', './client/chat', './client/shops'],
              message: 'Shared widgets must not pull in feature or shop code.',
            },
            {
              target: './server/db',
              from: './server/modules',
              message:
                'The data layer imports no domain module; code that needs both (the demo seed) lives outside db/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    plugins: { architecture: { rules: { 'module-front-doors': moduleFrontDoors } } },
    rules: { 'architecture/module-front-doors': 'error' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The shared restrictions again (a later block replaces a rule's options), plus counts before nouns.
      'no-restricted-syntax': ['error', ...TEXT_KEYED_RESTRICTIONS, ...PLURAL_RESTRICTIONS],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
