import { json } from '@/lib/http/error-response'

// Any /api path without a route of its own – JSON 404 for every method: the API never answers with an HTML page
const notFound = async () => json({ error: 'Not found' }, 404)

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE, notFound as HEAD }
