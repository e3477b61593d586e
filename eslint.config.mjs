import nextCoreWebVitals from 'eslint-config-next/core-web-vitals'
import nextTypescript from 'eslint-config-next/typescript'

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: ['node_modules/**', '.next/**', 'lib/db/generated/**', 'prisma/postgresql/**', 'test-results/**',
      'playwright-report/**', 'next-env.d.ts', 'tests/.tmp/**'],
  },
]

export default config
