// Report sections of the later scenarios (issue 19 onward): each file adds its own tables and targets, so report.ts
// does not grow with every scenario. A new section is a file in this folder and a line in SECTIONS.
import { apiReadsSection } from './api-reads'
import { coldRendersSection } from './cold-renders'
import { memorySection } from './memory'
import { mixedLoadSection } from './mixed-load'
import { writesSection } from './writes'
import type { BenchResults } from '../report'
import type { ReportTable, Target } from '../table'

export interface ReportSection {
  /** Tables printed after the HTTP and cold tables, before the targets. */
  tables?(r: BenchResults): ReportTable[]
  /** Targets judged in the "Targets (issue 19)" table. */
  targets?(r: BenchResults): Target[]
}

export const SECTIONS: ReportSection[] = [
  coldRendersSection,
  apiReadsSection,
  mixedLoadSection,
  writesSection,
  memorySection,
]
