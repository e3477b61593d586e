// The Web Worker that solves captcha challenges (PBKDF2/SHA-256): ALTCHA's own solver, served as a script of this
// origin so the Content-Security-Policy needs neither blob: workers nor eval.
import 'altcha/workers/pbkdf2'
