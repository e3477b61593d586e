import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes } from '@/lib/http/content-security-policy'
import { resolveScheme } from '@/lib/net/scheme'

describe('resolveScheme', () => {
  it.each([
    // [own socket TLS, X-Forwarded-Proto, trusted hops, scheme]
    [false, 'https', 0, 'http'],
    [true, 'http', 0, 'https'],
    [false, undefined, 1, 'http'],
    [false, 'https', 1, 'https'],
    [false, 'HTTPS', 1, 'https'],
    [true, 'http', 1, 'http'],
    [false, 'https, http', 1, 'http'],
    [false, 'http, https', 1, 'https'],
    [false, 'https, http', 2, 'https'],
    [false, 'https', 2, 'https'],
    [false, 'gopher', 1, 'http'],
    [false, ['https', 'http'], 1, 'http'],
  ] as const)('own TLS %s, X-Forwarded-Proto %j, %d hops → %s', (encrypted, proto, hops, expected) => {
    expect(resolveScheme(encrypted, proto as string | string[] | undefined, hops)).toBe(expected)
  })
})

describe('inlineScriptHashes', () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

  it('hashes inline scripts as browsers do (line ends normalised) and skips scripts with src', () => {
    const html =
      '<script src="/a.js" async=""></script><script>self.a=1</script><script id="x">b()\r\nc()</script><script>self.a=1</script>'
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([sha('self.a=1'), sha('b()\nc()')])
  })

  it('hashes the UTF-8 text of scripts beside and holding non-ASCII characters', () => {
    const html = '<p>Grüße – ✓</p><script>self.t="é✓"</script ><p>…</p><script>x("\u00e9")\r</script>'
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([sha('self.t="é✓"'), sha('x("\u00e9")\n')])
  })

  it('finds the end of a script at its closing tag only, and skips elements whose name only starts with script', () => {
    const html = '<scripts>no</scripts><script>a("</scripty>")</script\n><script type="application/json">{}</script>'
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([sha('a("</scripty>")')])
  })

  it('gives no hash to a script tag React would not write (uppercase), so a browser refuses to run it', () => {
    expect(inlineScriptHashes(Buffer.from('<SCRIPT>evil()</SCRIPT><Script>b()</Script>'))).toEqual([])
  })

  it('stops at a script left open', () => {
    expect(inlineScriptHashes(Buffer.from('<script>a()</script><script>b()'))).toEqual([sha('a()')])
  })
})
