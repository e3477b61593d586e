import nextCoreWebVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
      'no-restricted-imports': ['error', {
        patterns: [{
          group: ['@/components/*', '@/app/*', '**/components/*', '**/app/*'],
          message: 'lib/ must not import from components/ or app/: move the shared piece into lib/.',
        }],
      }],
    },
  },
  {
    ignores: ['node_modules/**', '.next/**', 'lib/db/generated/**', 'prisma/postgresql/**', 'test-results/**',
      'playwright-report/**', 'next-env.d.ts', 'tests/.tmp/**'],
  },
]

export default config
