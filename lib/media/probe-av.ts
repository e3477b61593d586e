// Video and audio uploads are checked to the bottom before they are stored: the container is the detected one, it
// has a stream of the right kind (video for MP4/WebM, audio for MP3) whose first frame decodes, and a positive
// duration; an MP4's boxes must all fit (mp4-boxes.ts). Videos also yield their first frame for the thumbnail.
//
// The tools read a temporary file, not a pipe: an MP4 whose `moov` box sits after the media data cannot be read
// from a pipe. The file lives in its own private directory, removed on every path. Each run is bounded in time
// and memory (limited-child.ts). Without ffprobe and ffmpeg nothing can be checked, and such uploads are refused.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { InvalidFileTypeError } from '../errors'
import type { DetectedMedia } from './detect'
import { mediaToolsAvailable, runLimited } from './limited-child'
import { MAX_PIXELS, MAX_SIDE } from '../limits'
import { mp4BoxesValid } from './mp4-boxes'

export const TOOLS_MISSING_MESSAGE =
  'Video and audio uploads are not available: this server cannot check them (ffmpeg is not installed). Images are accepted.'

export interface ProbedMedia {
  durationSeconds: number
  /** The video stream's frame size; null for audio. */
  width: number | null
  height: number | null
  /** The first video frame as PNG, at most 1024 px a side; null for audio. */
  frame: Buffer | null
}

interface ProbeReport {
  format?: { format_name?: string; duration?: string }
  streams?: { codec_type?: string; width?: number; height?: number }[]
  frames?: { media_type?: string }[]
}

/** The name ffprobe gives each detected container among its format names ("mov,mp4,m4a,…", "matroska,webm"). */
const FORMAT_NAMES: Partial<Record<DetectedMedia['ext'], string>> = { mp4: 'mp4', webm: 'webm', mp3: 'mp3' }

export async function probeMedia(bytes: Buffer, detected: DetectedMedia): Promise<ProbedMedia> {
  if (!(await mediaToolsAvailable())) throw new InvalidFileTypeError(TOOLS_MISSING_MESSAGE)
  if (detected.ext === 'mp4' && !mp4BoxesValid(bytes)) throw new InvalidFileTypeError()
  const dir = await mkdtemp(path.join(os.tmpdir(), 'corkboard-probe-'))
  try {
    const file = path.join(dir, `upload.${detected.ext}`)
    await writeFile(file, bytes, { mode: 0o600 })
    const { durationSeconds, width, height } = await probe(file, detected)
    const frame = detected.fileType === 'video' ? await firstFrame(file) : null
    if (detected.fileType === 'video' && !frame) throw new InvalidFileTypeError()
    return { durationSeconds, width, height, frame }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The duration (and a video's frame size), once ffprobe has found the stream and decoded its first frame; 415 otherwise. */
async function probe(file: string, detected: DetectedMedia): Promise<Omit<ProbedMedia, 'frame'>> {
  const kind = detected.fileType === 'video' ? 'video' : 'audio'
  const { code, stdout } = await runLimited('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-select_streams',
    kind === 'video' ? 'v:0' : 'a:0',
    '-show_entries',
    'format=format_name,duration:stream=codec_type,width,height:frame=media_type',
    '-read_intervals',
    '%+#1',
    file,
  ])
  let report: ProbeReport
  try {
    report = JSON.parse(stdout.toString('utf8')) as ProbeReport
  } catch {
    throw new InvalidFileTypeError()
  }
  const stream = report.streams?.[0]
  const duration = Number(report.format?.duration)
  const formatName = FORMAT_NAMES[detected.ext]
  const ok =
    code === 0 &&
    formatName !== undefined &&
    (report.format?.format_name ?? '').split(',').includes(formatName) &&
    Number.isFinite(duration) &&
    duration > 0 &&
    stream?.codec_type === kind &&
    (report.frames ?? []).some((f) => f.media_type === kind) &&
    (kind === 'audio' || frameSizeOk(stream.width, stream.height))
  if (!ok) throw new InvalidFileTypeError()
  const video = kind === 'video'
  return { durationSeconds: duration, width: video ? stream.width! : null, height: video ? stream.height! : null }
}

const frameSizeOk = (w = 0, h = 0) => w > 0 && h > 0 && w <= MAX_SIDE && h <= MAX_SIDE && w * h <= MAX_PIXELS

async function firstFrame(file: string): Promise<Buffer | null> {
  const { code, stdout } = await runLimited('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    'scale=w=min(iw\\,1024):h=min(ih\\,1024):force_original_aspect_ratio=decrease',
    '-f',
    'image2pipe',
    '-vcodec',
    'png',
    'pipe:1',
  ])
  return code === 0 && stdout.length ? stdout : null
}
