// Image replies (800×600 JPEG) rotating over threads, beside sharp's bare thumbnail rate in its own process.
import { multipart } from '../http'
import { runLoad, settle, type LoadOptions } from '../http-load'
import { benchPhoto } from '../seed'
import { measureSharpRate } from '../sharp-baseline'
import { describe, replyHeaders, throughput, type BenchScenario } from './context'

export const imageReplyScenario: BenchScenario = {
  id: 'image-reply',
  async run(ctx) {
    const { connections, seconds, warmUpSeconds } = ctx.settings
    // Four photos, so the server cannot skip work for a file it has just stored.
    const photos = await Promise.all([0, 1, 2, 3].map(() => benchPhoto(800, 600)))
    const bodies = photos.map((bytes, i) =>
      multipart({ content: `Image reply ${i}` }, { field: 'image', name: `photo-${i}.jpg`, type: 'image/jpeg', bytes }),
    )
    let n = 0
    ctx.log(
      `image replies (${(photos[0].length / 1024).toFixed(0)} KB JPEG, 800×600): ${seconds} s, then sharp's bare thumbnail rate`,
    )
    const load: LoadOptions = {
      url: ctx.server.url + ctx.nextThread(),
      method: 'POST',
      body: bodies[0].body,
      headers: replyHeaders(bodies[0].contentType),
      connections,
      seconds,
      // Fifty uploads in flight take seconds each to answer, so the steady state comes later than for pages.
      warmUpSeconds: Math.max(warmUpSeconds, 5),
      next: () => {
        const b = bodies[n++ % bodies.length]
        return { path: ctx.nextThread(), body: b.body, headers: replyHeaders(b.contentType) }
      },
    }
    const c = await runLoad(load)
    await settle(load.url)
    ctx.log(`  corkboard ${describe(c)}`)
    const bare = await measureSharpRate(photos[0], connections, seconds, warmUpSeconds)
    ctx.results.http.push({
      id: 'image-reply',
      label: 'Image reply (800×600 JPEG)',
      corkboard: throughput(c),
      baselineLabel: 'sharp thumbnail loop',
      baseline: { rps: bare.rate },
    })
  },
}
