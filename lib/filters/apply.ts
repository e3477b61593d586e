// Word filters applied to a new thread or reply, after its fields passed validation and before anything is stored.
// When several rules match, the strongest action wins: a ban, then a rejection, then replacements (each matching
// rule in turn). Staff are never banned by a filter; a ban rule refuses their post like a rejection instead.
import { replaceAll } from './match'
import { rulesFor } from './rules'
import { createAutomaticBan } from '../bans/automatic-ban'
import { assertNotBanned } from '../bans/check'
import { PostRejectedError } from '../errors'
import { codePoints } from '../text/normalize'

const DEFAULT_REJECTION = 'Your post was rejected by the board filters.'

export interface FilterInput {
  boardId: string
  ip: string
  topic: string
  content: string
  /** Upper bounds of the fields after replacement; a replacement may not make a post longer than a poster may. */
  maxTopic: number
  maxContent: number
  /** Asked only when a ban rule matches: logged-in staff are not banned by filters. */
  banExempt?: () => Promise<boolean>
}

/** The post's topic and content after the filters, or a throw: PostRejectedError, or the ban answer itself. */
export async function applyFilters(input: FilterInput): Promise<{ topic: string; content: string }> {
  const { boardId, ip } = input
  let { topic, content } = input
  const rules = await rulesFor(boardId)
  const matched = rules.matching(topic, content)
  if (!matched.length) return { topic, content }

  const ban = matched.find((r) => r.action === 'ban')
  if (ban) {
    if (await input.banExempt?.()) throw new PostRejectedError(ban.banReason || DEFAULT_REJECTION)
    await createAutomaticBan({
      ip,
      boardId,
      banBoard: ban.boards.length ? boardId : null,
      reason: ban.banReason!,
      duration: ban.banDuration!,
      madeBy: `Word filter #${ban.id}`,
      details: { filter_id: ban.id },
    })
    // The visitor gets the same answer as for any ban, appeal form included.
    await assertNotBanned(boardId, ip)
    throw new PostRejectedError(ban.banReason || DEFAULT_REJECTION)
  }
  const reject = matched.find((r) => r.action === 'reject')
  if (reject) throw new PostRejectedError(reject.message || DEFAULT_REJECTION)

  for (const rule of matched) {
    if (rule.where !== 'content') topic = replaceAll(rule, topic)
    if (rule.where !== 'topic') content = replaceAll(rule, content)
  }
  if (codePoints(topic) > input.maxTopic || codePoints(content) > input.maxContent) {
    throw new PostRejectedError('Your post is too long once the board filters are applied.')
  }
  return { topic, content }
}
