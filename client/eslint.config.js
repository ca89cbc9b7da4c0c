// ESLint (flat config): typescript-eslint's recommended rules, React's hooks
// rules, and the client's layers (README, "Architecture"): app/ composes the
// features; a feature imports only lib/, components/, gql/ and its own files,
// never another feature, and app/ reaches a feature only through its index.ts.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['src/gql/**', 'node_modules/**', 'bench/lighthouse/node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Components stay small enough to read in one go: a long one is split
    // into named pieces (a section, a hook, a pure function).
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Browser journeys and budgets: Node scripts whose page.evaluate callbacks
    // run in Chromium, so both sets of globals.
    files: ['e2e/**/*.mjs', 'bench/**/*.mjs', 'scripts/**/*.mjs'],
    languageOptions: {
      globals: Object.fromEntries([
        'process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'fetch', 'FormData', 'Blob', 'AbortController',
        'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'TextEncoder', 'TextDecoder',
        'window', 'document', 'Node', 'MutationObserver', 'PointerEvent', 'DOMMatrixReadOnly', 'getComputedStyle',
        'requestAnimationFrame', 'innerHeight', 'scrollY', 'HTMLImageElement', 'File', 'DataTransfer', 'DragEvent',
      ].map((name) => [name, 'readonly'])),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'components', pattern: 'src/components' },
        { type: 'lib', pattern: 'src/lib' },
        { type: 'gql', pattern: 'src/gql' },
        { type: 'main', pattern: 'src/*.{ts,tsx}', partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
        { category: 'test', pattern: '**/*-fixtures.ts' },
      ],
      'boundaries/include': ['src/**/*'],
      // Relative imports without extensions, as tsc's bundler resolution reads them.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', {
        default: 'disallow',
        policies: [
          { allow: { to: { element: { types: { anyOf: ['lib', 'components', 'gql'] } } } } },
          { from: { element: { type: 'main' } }, allow: { to: { element: { types: { anyOf: ['app', 'main'] } } } } },
          { from: { element: { type: 'app' } }, allow: { to: { element: { type: 'app' } } } },
          // app/ reaches a feature through its public entry only.
          { from: { element: { type: 'app' } }, allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } } },
          // app/'s tests assemble a screen from the features' fixtures and documents.
          { from: { element: { type: 'app' }, file: { categories: 'test' } }, allow: { to: { element: { type: 'feature' } } } },
          // A feature's own files.
          { from: { element: { type: 'feature' } }, allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } } },
        ],
      }],
    },
  },
);
