// Events that change what pages show but are not realtime-channel events (lib/realtime/events.ts lists those): the page cache
// and the ban index listen to them. Published on the same bus, after commit.
import type { DomainEvent } from '../realtime/events'

export type InternalEvent =
  | { name: 'survey_created'; payload: { boardId: string; threadId: number; postId: number } }
  /** A personal or range ban was created, lifted or decided; thread set when a ban marks a post. */
  | { name: 'bans_changed'; payload: { boardId: string | null; threadId: number | null } }
  /** A board was created or its settings (name, description, NSFW, thread ids, flags) changed by an admin. */
  | { name: 'board_updated'; payload: { boardId: string } }
  /** An admin created, changed or deleted a word filter: every process drops its copy of the rules. */
  | { name: 'filters_changed'; payload: Record<string, never> }
  /** Staff banned a file or lifted a file ban: every process drops its copy of the banned-file list. */
  | { name: 'banned_files_changed'; payload: Record<string, never> }
  /** Reports of the board were filed or dismissed (deleted posts take theirs along: see post_deleted). */
  | { name: 'reports_changed'; payload: { boardId: string } }
  /**
   * This process may have missed other processes' events (its Redis link was lost and is back): everything
   * kept in memory from them is dropped and its socket clients are told to catch up. Never relayed.
   */
  | { name: 'events_missed'; payload: Record<string, never> }

/** Everything the bus carries. */
export type BusEvent = DomainEvent | InternalEvent

const INTERNAL: ReadonlySet<string> = new Set<InternalEvent['name']>([
  'survey_created',
  'bans_changed',
  'board_updated',
  'filters_changed',
  'banned_files_changed',
  'reports_changed',
  'events_missed',
])

export function isRealtimeEvent(event: BusEvent): event is DomainEvent {
  return !INTERNAL.has(event.name)
}

/** Events about this process itself, which the relay keeps to it. */
export function isLocalOnly(event: BusEvent): boolean {
  return event.name === 'events_missed'
}

/** An event about one thread's posts or state, naming the thread and its board. */
export type ThreadEvent = Extract<BusEvent, { payload: { threadId: number; boardId: string } }>

const THREAD_EVENTS: ReadonlySet<string> = new Set<ThreadEvent['name']>([
  'survey_created',
  'thread_created',
  'post_created',
  'post_deleted',
  'thread_deleted',
  'post_color_changed',
  'thread_sticky_updated',
  'thread_died',
  'survey_vote',
])

/** Whether the event changes what one thread shows: its posts (added, deleted, coloured), polls, votes or state. */
export function isThreadEvent(event: BusEvent): event is ThreadEvent {
  return THREAD_EVENTS.has(event.name)
}
