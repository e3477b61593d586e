// The report's building blocks: a table printed to the terminal and written as markdown, and a target with its
// verdict. Used by bench/report.ts and the report sections of later scenarios (bench/sections/).

export interface ReportTable {
  title: string
  text: string
  markdown: string
}

export interface Target {
  name: string
  goal: string
  value: string
  met: boolean | null
}

export const verdict = (met: boolean | null) => (met === null ? '–' : met ? 'met' : 'MISSED')

export function table(head: string[], rows: string[][], align: ('l' | 'r')[]): { text: string; markdown: string } {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const pad = (cells: string[]) =>
    cells.map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ')
  const text = [pad(head), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(pad)].join('\n')
  const md = [
    `| ${head.join(' | ')} |`,
    `|${align.map((a) => (a === 'r' ? '---:' : '---')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n')
  return { text, markdown: md }
}
