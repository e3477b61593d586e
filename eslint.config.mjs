import nextCoreWebVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Imports in four groups, each sorted: node built-ins, packages, the project's own ('@/…'), then relative.
      'import/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
    },
  },
  {
    // No import cycles: a newcomer can read the code bottom-up, and module initialisation order never matters.
    files: ['app/**', 'components/**', 'lib/**', 'server.ts'],
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // lib/ is the domain and the plumbing under it: it never reaches up into the React components or the routes.
    files: ['lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/components/*', '@/app/*', '**/components/*', '**/app/*'],
              message: 'lib/ must not import from components/ or app/: move the shared piece into lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser code never loads zod (its eval probe breaks the Content-Security-Policy): the server schemas may
    // lend it their types only. Shared limits live in lib/limits.ts.
    files: ['components/**', 'lib/client/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', '@/lib/*/schemas', '**/schemas'],
              allowTypeImports: true,
              message: 'Browser code must not load zod: import types only, and constants from lib/limits.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      'dist/**',
      'lib/db/generated/**',
      'prisma/postgresql/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      'tests/.tmp/**',
    ],
  },
]

export default config
