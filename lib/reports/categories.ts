// The report categories, in the queue's order of urgency. Plain values: the browser imports them too.
export const REPORT_CATEGORIES = ['illegal', 'rules', 'spam'] as const
export type ReportCategory = (typeof REPORT_CATEGORIES)[number]

export const REPORT_CATEGORY_LABELS: Record<ReportCategory, string> = {
  rules: 'Breaks the board rules',
  spam: 'Spam',
  illegal: 'Illegal content',
}
