// The design's shape, checked: the layer rules of DESIGN §2 as import zones, no import cycles, and
// the server's areas reached only through their index.ts, with no cycle between areas.
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import project from './eslint/plugin.js';
import { areas, assembly, infrastructure, root, topLevelFiles } from './eslint/areas.js';

const at = (p) => path.join(root, p);
const unusedOptions = { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true };

const viewsUseNoServices = {
  target: at('src/views'),
  from: at('src/services'),
  message: 'A view renders machine state and sends events: reach services through a machine or the app context.',
};

const clientZones = [
  {
    target: at('src/machines'),
    from: [at('src/views'), at('src/app')],
    message: 'Machines know nothing of views or of the app that mounts them.',
  },
  {
    target: at('src/services'),
    from: [at('src/machines'), at('src/views'), at('src/app')],
    message: 'Services are called by machines, never the other way round.',
  },
  {
    target: at('src/contract'),
    from: at('src'),
    except: ['./contract'],
    message: 'The contract stands alone: it imports only zod and other contract files.',
  },
  {
    target: at('src/lib'),
    from: [at('src/services'), at('src/machines'), at('src/views'), at('src/app')],
    message: 'src/lib holds pure helpers: it may use the contract, nothing above it.',
  },
];

// Code outside an area reaches it only through the area's index.ts.
const outsideOf = (area) => [
  ...areas.filter((a) => a !== area).map((a) => at(`server/${a}`)),
  ...assembly.map((a) => at(`server/${a}`)),
  ...topLevelFiles.map((f) => at(`server/${f}`)),
];
const serverZones = [
  {
    target: at('server'),
    from: at('src'),
    except: ['./contract', './lib'],
    message: 'The server shares only the contract and src/lib with the browser.',
  },
  {
    target: infrastructure.map((d) => at(`server/${d}`)),
    from: areas.map((a) => at(`server/${a}`)),
    message: 'server/db, server/http and server/platform serve every area and import none.',
  },
  ...areas.map((area) => ({
    target: outsideOf(area),
    from: at(`server/${area}`),
    except: ['./index.ts'],
    message: `Import the ${area} area through server/${area}/index.ts, what it offers others.`,
  })),
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'storybook-static/**', 'server/db/migrations/**'],
  },
  { files: ['**/*.{ts,tsx,js,mjs}'], ...js.configs.recommended },
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: ['**/*.{ts,tsx}'] })),
  {
    // Plain JavaScript here is Node scripts and config; TypeScript checks the names of the rest.
    files: ['**/*.{js,mjs}'],
    rules: { 'no-undef': 'off' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    // Input is cleaned of control characters on purpose, with patterns that name them.
    rules: { 'no-control-regex': 'off' },
  },
  {
    // A leading underscore names what is left out on purpose (a property dropped by a rest pattern).
    files: ['**/*.{js,mjs}'],
    rules: { 'no-unused-vars': ['error', unusedOptions] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', unusedOptions] },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 'latest',
      sourceType: 'module',
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, project },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.stories.tsx', '**/*stories-support.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [viewsUseNoServices, ...clientZones] }] },
  },
  {
    // Stories start a view's machine in each state with stubbed actors, so they (and the helpers they
    // share) may reach services' types and stores.
    files: ['src/**/*.stories.tsx', 'src/**/*stories-support.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: clientZones }] },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'react-dom/client', '@xstate/react', 'wouter', '@headlessui/react', 'react-hot-toast'].map(
            (name) => ({ name, message: 'Machines never import React or anything that renders.' }),
          ),
        },
      ],
    },
  },
  {
    files: ['server/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
      'project/area-cycles': 'error',
    },
  },
);
