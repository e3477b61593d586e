// Invalidating the page cache through the real server (tests/helpers/page-cache.ts): every kind of write shows on
// the very next request of each page it touches (a thread's posts API too).
import { describe, expect, it } from 'vitest'
import { as, form, postForm } from '../helpers/http'
import { png } from '../helpers/media'
import { cached, newThread, page, postsApi, staff, withPageCacheServer } from '../helpers/page-cache'
import { sql } from '../helpers/sql'

const server = withPageCacheServer()

async function reply(board: string, threadId: number, content: string, headers: Record<string, string> = {}) {
  const res = await postForm(`${server().url}/api/boards/${board}/threads/${threadId}/posts`, form({ content }), {
    ...as('192.0.2.11'),
    ...headers,
  })
  expect(res.status).toBe(201)
  return res.body as { postId: number }
}

const json = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(server().url + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...as('192.0.2.12'), ...headers },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

describe('every write shows on the next request of each page it touches', () => {
  it('thread_created: the board lists the new thread', async () => {
    await cached('/board/anime')
    await newThread('anime', 'Fresh topic here')
    expect((await page('/board/anime')).text).toContain('Fresh topic here')
  })

  it('post_created: the thread and the board show the reply', async () => {
    const t = await newThread('anime', 'Reply target')
    await cached('/board/anime')
    await cached(`/board/anime/thread/${t.threadId}`)
    await cached(`/api/boards/anime/threads/${t.threadId}/posts`)
    await cached(`/api/boards/anime/threads/${t.threadId}/posts?after=${t.postId}`)
    await reply('anime', t.threadId, 'a brand new reply')
    expect((await page(`/board/anime/thread/${t.threadId}`)).text).toContain('a brand new reply')
    expect((await page('/board/anime')).text).toContain('a brand new reply')
    expect((await postsApi('anime', t.threadId)).body.posts.map((p) => p.content)).toContain('a brand new reply')
    expect((await postsApi('anime', t.threadId, `?after=${t.postId}`)).body.posts.map((p) => p.content)).toEqual([
      'a brand new reply',
    ])
  })

  it('the catalog, in every order: a reply changes the counts and a new thread appears on the next request', async () => {
    const t = await newThread('random', 'Catalog counts')
    const counts = (html: string) => {
      const tile = html.slice(html.indexOf(`data-thread-id="${t.threadId}"`))
      return /data-testid="catalog-counts">(.*?)<\/span><\/p>/s.exec(tile)![1].replace(/<[^>]*>|<!-- -->/g, '')
    }
    for (const path of ['/board/random/catalog', '/board/random/catalog?sort=replies']) {
      expect(counts((await cached(path)).text)).toBe('R: 0 / I: 0')
    }
    await postForm(
      `${server().url}/api/boards/random/threads/${t.threadId}/posts`,
      form({ content: 'with a picture' }, { name: 'r.png', bytes: await png() }),
      as('192.0.2.11'),
    )
    for (const path of ['/board/random/catalog', '/board/random/catalog?sort=replies']) {
      const next = await page(path)
      expect([path, next.cache, counts(next.text)]).toEqual([path, 'MISS', 'R: 1 / I: 1'])
    }
    await newThread('random', 'Catalog newcomer')
    expect((await page('/board/random/catalog')).text).toContain('Catalog newcomer')
    // Orders the page does not offer are left to Next (a 404), uncached.
    expect(await page('/board/random/catalog?sort=nope')).toMatchObject({ status: 404, cache: null })
  })

  it('post_deleted and thread_deleted by their owner: gone from both pages', async () => {
    const t = await newThread('diy', 'Owner deletes')
    const r = await reply('diy', t.threadId, 'soon deleted reply', { Cookie: t.cookie })
    await cached('/board/diy')
    await cached(`/board/diy/thread/${t.threadId}`)
    await cached(`/api/boards/diy/threads/${t.threadId}/posts`)
    expect(
      (
        await fetch(`${server().url}/api/boards/diy/threads/${t.threadId}/posts/${r.postId}`, {
          method: 'DELETE',
          headers: { Cookie: t.cookie, ...as('192.0.2.10') },
        })
      ).status,
    ).toBe(200)
    expect((await page(`/board/diy/thread/${t.threadId}`)).text).not.toContain('soon deleted reply')
    expect((await postsApi('diy', t.threadId)).text).not.toContain('soon deleted reply')
    expect((await page('/board/diy')).text).not.toContain('soon deleted reply')
    expect(
      (
        await fetch(`${server().url}/api/boards/diy/threads/${t.threadId}`, {
          method: 'DELETE',
          headers: { Cookie: t.cookie, ...as('192.0.2.10') },
        })
      ).status,
    ).toBe(200)
    expect((await page(`/board/diy/thread/${t.threadId}`)).status).toBe(404)
    expect((await postsApi('diy', t.threadId)).status).toBe(404)
    expect((await page('/board/diy')).text).not.toContain('Owner deletes')
  })

  it('staff deletion, colour and sticky: shown at once', async () => {
    const t = await newThread('gaming', 'Staff target')
    const r = await reply('gaming', t.threadId, 'colour me')
    const gone = await reply('gaming', t.threadId, 'staff removes this')
    await cached('/board/gaming')
    await cached(`/board/gaming/thread/${t.threadId}`)
    await cached(`/api/boards/gaming/threads/${t.threadId}/posts`)
    expect(
      (
        await staff.admin.write('PUT', `/api/admin/posts/${r.postId}/color`, {
          boardId: 'gaming',
          threadId: t.threadId,
          color: 'purple',
        })
      ).status,
    ).toBe(200)
    expect((await page(`/board/gaming/thread/${t.threadId}`)).text).toMatch(
      /text-purple-700[^>]*>(?:(?!<article).)*colour me/s,
    )
    expect((await postsApi('gaming', t.threadId)).body.posts.find((p) => p.id === r.postId)?.color).toBe('purple')
    await cached(`/api/boards/gaming/threads/${t.threadId}/posts`)
    expect(
      (
        await staff.admin.write('DELETE', `/api/admin/posts/${gone.postId}`, {
          boardId: 'gaming',
          threadId: t.threadId,
          reason: 'spam',
        })
      ).status,
    ).toBe(200)
    expect((await page(`/board/gaming/thread/${t.threadId}`)).text).not.toContain('staff removes this')
    expect((await postsApi('gaming', t.threadId)).text).not.toContain('staff removes this')
    await cached(`/api/boards/gaming/threads/${t.threadId}/posts`)
    expect((await page('/board/gaming')).text).not.toContain('staff removes this')
    expect((await page('/board/gaming')).text).not.toContain('aria-label="Sticky"')
    expect((await staff.admin.write('PUT', `/api/admin/boards/gaming/threads/${t.threadId}/sticky`)).status).toBe(200)
    expect((await page('/board/gaming')).text).toContain('aria-label="Sticky"')
    expect((await page(`/board/gaming/thread/${t.threadId}`)).text).toContain('data-testid="sticky-pin"')
    expect((await postsApi('gaming', t.threadId)).body.thread.is_sticky).toBe(true)
  })

  it('thread_died: the pruned thread shows as archived', async () => {
    const victim = await newThread('fitness', 'Will be pruned')
    await sql(
      server().database,
      'UPDATE threads SET updated_at = ? WHERE id = ?',
      new Date('2001-01-01T00:00:00Z'),
      victim.threadId,
    )
    const now = new Date()
    for (let i = 0; i < 99; i++) {
      await sql(
        server().database,
        'INSERT INTO threads (board_id, topic, is_sticky, is_dead, post_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        'fitness',
        `filler ${i}`,
        false,
        false,
        0,
        now,
        now,
      )
    }
    await cached(`/board/fitness/thread/${victim.threadId}`)
    await cached(`/api/boards/fitness/threads/${victim.threadId}/posts`)
    await newThread('fitness', 'The hundred and first')
    expect((await page(`/board/fitness/thread/${victim.threadId}`)).text).toContain('data-testid="archived-banner"')
    expect((await postsApi('fitness', victim.threadId)).body.thread.is_dead).toBe(true)
  })

  it('survey_created and survey_vote: the poll and its counts', async () => {
    const t = await newThread('science', 'Poll thread')
    await cached(`/board/science/thread/${t.threadId}`)
    await cached(`/api/boards/science/threads/${t.threadId}/posts`)
    const created = await json(
      'POST',
      `/api/boards/science/threads/${t.threadId}/posts/${t.postId}/survey`,
      { survey_type: 'single', question: 'Tabs or spaces?', options: ['Tabs', 'Spaces'] },
      { Cookie: t.cookie },
    )
    expect(created.status).toBe(201)
    const withPoll = await page(`/board/science/thread/${t.threadId}`)
    expect(withPoll.text).toContain('Tabs or spaces?')
    expect((await postsApi('science', t.threadId)).text).toContain('Tabs or spaces?')
    await cached(`/board/science/thread/${t.threadId}`)
    const before = (await cached(`/api/boards/science/threads/${t.threadId}/posts`)).text
    expect(
      (
        await json('POST', `/api/boards/science/surveys/${created.body.survey.id}/vote`, {
          option_ids: [created.body.survey.options[1].id],
        })
      ).status,
    ).toBe(200)
    // React separates adjacent text with empty comments; the count sits in the poll's header.
    expect((await page(`/board/science/thread/${t.threadId}`)).text.replaceAll('<!-- -->', '')).toContain(
      'Single choice · 1 response<',
    )
    const afterVote = await postsApi('science', t.threadId)
    expect([afterVote.cache, afterVote.text === before]).toEqual(['MISS', false])
  })

  it('a ban with post context marks the post on the thread and the board', async () => {
    const t = await newThread('movies', 'Ban mark')
    const r = await reply('movies', t.threadId, 'bannable words')
    await cached('/board/movies')
    await cached(`/board/movies/thread/${t.threadId}`)
    await cached(`/api/boards/movies/threads/${t.threadId}/posts`)
    const ban = await staff.admin.write('POST', '/api/admin/bans', {
      ip_address: '192.0.2.11',
      board_id: 'movies',
      reason: 'words',
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      thread_id: t.threadId,
      post_id: r.postId,
    })
    expect(ban.status).toBe(201)
    expect((await page(`/board/movies/thread/${t.threadId}`)).text).toContain('(USER WAS BANNED FOR THIS POST)')
    expect((await page('/board/movies')).text).toContain('(USER WAS BANNED FOR THIS POST)')
    expect((await postsApi('movies', t.threadId)).body.posts.find((p) => p.id === r.postId)?.isBanned).toBe(true)
  })
})
