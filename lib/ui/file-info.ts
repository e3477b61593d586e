// The texts of a post's file info line ("long-na…me.png", "1.2 MB", "640×480", "1:05").
import type { FileInfo } from '../posts/types'

/** Names longer than `max` characters keep their start and their end (the extension), joined by "…". */
export function shortenMiddle(name: string, max = 40): string {
  const chars = Array.from(name)
  if (chars.length <= max) return name
  const tail = Math.min(12, Math.floor((max - 1) / 3))
  return `${chars.slice(0, max - 1 - tail).join('')}…${chars.slice(-tail).join('')}`
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** m:ss, or h:mm:ss from an hour; a started second counts. */
export function formatDuration(seconds: number): string {
  const s = Math.ceil(seconds)
  const mmss = `${Math.floor((s % 3600) / 60)}:${String(s % 60).padStart(2, '0')}`
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss.padStart(5, '0')}` : mmss
}

/** "1.2 MB, 640×480, 0:05": what is known of the file, in that order. */
export function fileDetails(info: FileInfo): string {
  const parts: string[] = []
  if (info.size !== null) parts.push(formatBytes(info.size))
  if (info.width && info.height) parts.push(`${info.width}×${info.height}`)
  if (info.duration) parts.push(formatDuration(info.duration))
  return parts.join(', ')
}
