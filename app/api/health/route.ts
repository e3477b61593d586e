import { checkHealth, VERSION } from '@/lib/health'
import { json } from '@/lib/http/error-response'
import { route, methodNotAllowed } from '@/lib/http/route'

// GET /api/health – 200 when the database and media storage answer (storage "low" is a warning), 503 otherwise
export const GET = route({}, async () => {
  const checks = await checkHealth()
  const timestamp = new Date().toISOString()
  if (checks.database === 'ok' && checks.storage !== 'error')
    return json({ status: 'ok', timestamp, version: VERSION, checks })
  return json({ status: 'degraded', timestamp, checks }, 503)
})

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
