import { newCaptchaChallenge } from '@/lib/captcha/challenge'
import { json } from '@/lib/http/error-response'
import { route, methodNotAllowed } from '@/lib/http/route'

// GET /api/captcha – a fresh proof-of-work challenge (ALTCHA), signed and good for ten minutes; never cached
export const GET = route({}, async () => json(await newCaptchaChallenge()))

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET')
