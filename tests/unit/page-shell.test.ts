// A page's shell (lib/render/page-shell.ts): the bytes around its slots are taken from a render only where every
// shown slot's content is found exactly, and new contents put into them give the page a render would.
import { describe, expect, it } from 'vitest'
import { fillShell, shellOf } from '@/lib/render/page-shell'
import type { SlotContent } from '@/lib/render/slot-reader'
import { SHELL_KEY_SLOT } from '@/lib/render/slots'

/** A page as ServerHtml writes its slots: a list's items each in a `<div>`, a string as it is. */
function page(list: string[], count: string, extra = '') {
  return Buffer.from(
    `<html><head><title>t</title></head><body><h2>Posts (<span data-slot="count">${count}</span>)</h2>` +
      `<div class="list" data-slot="list">${list.map((i) => `<div>${i}</div>`).join('')}</div>${extra}` +
      '<script>self.__next_f.push([1,"payload"])</script></body></html>',
  )
}

function slots(list: string[], count: string, key: string | null = 'k1'): Map<string, SlotContent> {
  const map = new Map<string, SlotContent>([
    ['list', { html: list, data: null }],
    ['count', { html: count, data: null }],
    ['never-shown', { html: '<p>not on this page</p>', data: null }],
  ])
  if (key !== null) map.set(SHELL_KEY_SLOT, { html: '', data: key })
  return map
}

describe('page shells', () => {
  it('puts new slot contents, multi-byte text included, where a render puts them', () => {
    const before = ['<p>first</p>', '<p>Grüße 🎉</p>']
    const shell = shellOf(page(before, '2'), slots(before, '2'))!
    expect(shell.key).toBe('k1')
    expect(shell.slots).toEqual(['count', 'list'])
    const after = [...before, '<p>third &amp; last</p>']
    const made = fillShell(shell, slots(after, '3'))!
    expect(made.body.equals(page(after, '3'))).toBe(true)
    // The new shell is made of views of the new page, and puts the next contents in as well.
    expect(made.shell.parts.every((p) => p.buffer === made.body.buffer)).toBe(true)
    const next = [...after, '<p>fourth</p>']
    expect(fillShell(made.shell, slots(next, '4'))!.body.equals(page(next, '4'))).toBe(true)
  })

  it('keeps no shell when a render filled no key, a slot is not where its element is, or two elements name it', () => {
    const list = ['<p>one</p>']
    expect(shellOf(page(list, '1'), slots(list, '1', null))).toBeUndefined()
    // The bytes hold other content than the slot's (the page escaped or changed it).
    expect(shellOf(page(['<p>on&lt;e</p>'], '1'), slots(list, '1'))).toBeUndefined()
    expect(shellOf(page(list, '1'), slots(['<p>one</p>', '<p>two</p>'], '1'))).toBeUndefined()
    const twice = page(list, '1', '<span data-slot="count">1</span>')
    expect(shellOf(twice, slots(list, '1'))).toBeUndefined()
  })

  it('puts nothing together when the new contents lack a slot the shell shows', () => {
    const list = ['<p>one</p>']
    const shell = shellOf(page(list, '1'), slots(list, '1'))!
    const without = slots(list, '1')
    without.delete('count')
    expect(fillShell(shell, without)).toBeUndefined()
  })
})
