// The answer of a feed request: the Atom document, for every visitor alike (the page cache may keep it).
const ATOM_TYPE = 'application/atom+xml; charset=utf-8'

export function atomResponse(xml: string): Response {
  return new Response(xml, { status: 200, headers: { 'Content-Type': ATOM_TYPE } })
}
