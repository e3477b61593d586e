// Image replies (800×600 JPEG) rotating over threads, beside sharp's bare thumbnail rate in its own process.
import { cpuMs, describeThreads, perItem, readThreads, threadCpuSince, totalOf, type ThreadReading } from '../cpu-time'
import { multipart } from '../http'
import { runLoad, settle, type LoadOptions } from '../http-load'
import { benchPhoto } from '../seed'
import { measureSharpRate } from '../sharp-baseline'
import { uniqueJpegBodies } from '../unique-jpeg'
import { describe, replyHeaders, throughput, type BenchScenario } from './context'

export const imageReplyScenario: BenchScenario = {
  id: 'image-reply',
  async run(ctx) {
    const { connections, seconds, warmUpSeconds } = ctx.settings
    // Four photos, each sent as a new file every time (unique-jpeg.ts): the server stores every upload, as a real
    // site's uploads are mostly new files.
    const photos = await Promise.all([0, 1, 2, 3].map(() => benchPhoto(800, 600)))
    const bodies = photos.map((bytes, i) =>
      multipart({ content: `Image reply ${i}` }, { field: 'image', name: `photo-${i}.jpg`, type: 'image/jpeg', bytes }),
    )
    const sources = bodies.map((b, i) => uniqueJpegBodies(b.body, photos[i]))
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
        const i = n++ % bodies.length
        return { path: ctx.nextThread(), body: sources[i](), headers: replyHeaders(bodies[i].contentType) }
      },
    }
    // The server's CPU over the measured seconds only: read when the warm-up ends, and again before the uploads
    // still in flight are settled (they balance those in flight at the start).
    // The load generator's too: it shares the two cores with the server, where sharp's bare loop has them alone.
    const pid = ctx.server.proc.pid!
    let loadCpuBefore = NaN
    let threadsBefore: ThreadReading | undefined
    const mark = setTimeout(() => {
      threadsBefore = readThreads(pid)
      loadCpuBefore = cpuMs(process.pid)
    }, load.warmUpSeconds! * 1000)
    const c = await runLoad(load)
    clearTimeout(mark)
    // Undefined when no reply was measured (none answered, or the load ended before its warm-up did).
    const threads = threadsBefore && c.ok ? perItem(threadCpuSince(pid, threadsBefore), c.ok) : undefined
    const loadCpuPerReply = c.ok ? (cpuMs(process.pid) - loadCpuBefore) / c.ok : NaN
    await settle(load.url)
    const bare = await measureSharpRate(photos[0], connections, seconds, warmUpSeconds)
    ctx.log(
      `  corkboard ${describe(c)}, ` +
        (threads
          ? `server CPU ${totalOf(threads).toFixed(2)} ms per reply (${describeThreads(threads)}; ` +
            `${threads.kernel.toFixed(2)} ms of it in the kernel; `
          : 'server CPU not read (no reply in the measured seconds; ') +
        `the load generator ${loadCpuPerReply.toFixed(2)} ms); ` +
        `sharp ${bare.rate.toFixed(0)} thumbnails/s, ${bare.cpuMsPerThumbnail.toFixed(2)} ms of CPU each ` +
        `(${describeThreads(bare.threadMsPerThumbnail)}; ${bare.threadMsPerThumbnail.kernel.toFixed(2)} ms in the kernel)`,
    )
    ctx.results.http.push({
      id: 'image-reply',
      label: 'Image reply (800×600 JPEG)',
      corkboard: throughput(c),
      baselineLabel: 'sharp thumbnail loop',
      baseline: { rps: bare.rate },
    })
    if (threads)
      ctx.results.imageReplyCpu = { server: threads, sharp: bare.threadMsPerThumbnail, loadGenerator: loadCpuPerReply }
  },
}
