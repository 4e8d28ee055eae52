import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// lib/ is shared by the proxy, the page and the CLI: outside lib/browser it may not reach for
// React, Node built-ins, the DOM-bound layers or the proxy.
const impure = ['react', 'react-dom', 'next', 'next/*', 'ws', 'zustand', 'node:*', 'fs', 'path', 'child_process', 'http', 'net', 'os', 'crypto'];

export default tseslint.config(
  { ignores: ['node_modules/**', '.next/**', 'out/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: Object.fromEntries(
        ['process', 'console', 'URL', 'Buffer', 'performance', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'TextEncoder', 'TextDecoder', 'fetch', 'AbortController']
          .map((name) => [name, 'readonly']),
      ),
    },
  },
  {
    files: ['lib/**/*.ts'],
    ignores: ['lib/browser/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: impure, message: 'lib/ stays pure: no React, Node built-ins or ws outside lib/browser.' },
          { group: ['**/components/**', '**/proxy/**', '**/app/**', '**/browser/**'], message: 'lib/ may not import the layers above it.' },
        ],
      }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'process', 'Buffer'],
    },
  },
);
