import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import prettierConfig from 'eslint-config-prettier';

// The layers of docs/architecture.md, enforced. Folders are read from disk so a new feature or module is covered
// the moment it exists.
const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const webFeatures = dirs(`./${WEB}/features`);
const serverModules = dirs(`./${SERVER}/modules`);
/** The server's modules, each allowed to use only those before it (docs/architecture.md). */
const SERVER_MODULE_ORDER = [
  'health',
  'audit',
  'auth',
  'staff',
  'settings',
  'catalogue',
  'banners',
  'addresses',
  'delivery',
  'favourites',
  'pricing',
  'promotions',
  'loyalty',
  'cart',
  'kitchen',
  'orders',
  'dispatch',
  'payments',
  'printers',
  'order-mail',
  'tracking',
  'staff-orders',
  'notifications',
  'reports',
  'account-data',
  'receipts',
  'cash-up',
  'order-updates',
];
const unordered = serverModules.filter((m) => !SERVER_MODULE_ORDER.includes(m));
if (unordered.length > 0) throw new Error(`eslint.config.js: add the server module(s) ${unordered.join(', ')} to SERVER_MODULE_ORDER`);

// Writes to the orders module's tables, by the query builder or in SQL text.
const ORDER_TABLE_SQL = String.raw`/(insert\s+into|update|delete\s+from)\s+(orders|order_status_history)\b/i`;
const ORDER_WRITES = [
  'CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name=/^(orders|orderStatusHistory)$/]',
  `TemplateElement[value.raw=${ORDER_TABLE_SQL}]`,
  `Literal[value=${ORDER_TABLE_SQL}]`,
];

const boundaryZones = [
  // The shared package is used by both sides and uses neither.
  { target: 'packages/shared', from: 'apps', message: 'packages/shared imports nothing from the apps.' },
  { target: 'apps/web', from: 'apps/server', message: 'The browser never imports server code.' },
  { target: 'apps/server', from: 'apps/web', message: 'The server never imports web code (read the build output instead).' },
  // Web: features are leaves; the app layer composes them.
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message:
      'A feature imports only src/components, src/lib and @shop/shared, never another feature: move what both need to src/lib or src/components.',
  })),
  {
    target: [`${WEB}/components`, `${WEB}/lib`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'src/components and src/lib are shared by every feature and import none (nor the app layer).',
  },
  { target: `${WEB}/lib`, from: `${WEB}/components`, message: 'src/lib holds no UI: it imports no component.' },
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features do not import the app layer; the app layer composes them.' },
  // Server: modules are layered. A module uses only modules before it in SERVER_MODULE_ORDER, and only through
  // their public.ts, so no two modules can depend on each other, even through several files.
  ...SERVER_MODULE_ORDER.map((mod, index) => ({
    target: `${SERVER}/modules/${mod}`,
    from: `${SERVER}/modules`,
    except: [`./${mod}`, ...SERVER_MODULE_ORDER.slice(0, index).map((m) => `./${m}/public.ts`)],
    message: `A module uses another only through that module's public.ts, and only modules before it in SERVER_MODULE_ORDER (eslint.config.js): ${mod} may use ${SERVER_MODULE_ORDER.slice(0, index).join(', ') || 'none'}.`,
  })),
  {
    target: [
      `${SERVER}/db`,
      `${SERVER}/http`,
      `${SERVER}/mail`,
      `${SERVER}/sms`,
      `${SERVER}/images`,
      `${SERVER}/spa`,
      `${SERVER}/realtime`,
    ],
    from: `${SERVER}/modules`,
    except: serverModules.map((m) => `./${m}/public.ts`),
    message: 'Infrastructure uses a module only through its public.ts.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.{ts,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  // One owner per table: the orders module alone writes the orders and their status history; other modules ask it
  // through its public.ts (docs/architecture.md). Tests may write fixtures.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/orders/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ORDER_WRITES.map((selector) => ({
          selector,
          message: 'Only the orders module writes the orders and their status history: ask it through modules/orders/public.ts.',
        })),
      ],
    },
  },
  // One design system per surface (decision 1105): the storefront draws with components/ui and its own CSS; MUI and
  // Emotion belong to the back office's folders.
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [
      `${WEB}/features/admin-*/**`,
      `${WEB}/components/back-office/**`,
      `${WEB}/app/layouts/admin-*`,
      `${WEB}/app/back-office-theme.tsx`,
      `${WEB}/app/theme.ts`,
      `${WEB}/app/theme.dom.test.tsx`,
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mui/*', '@emotion/*'],
              message:
                'The storefront draws with components/ui (decision 1105); MUI is for the back office (features/admin-*, components/back-office).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Formatting is Prettier's (npm run format); lint turns off every rule that would argue with it.
  prettierConfig,
);
