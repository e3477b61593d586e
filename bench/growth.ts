// npm run bench:growth: the cost of a request as the database grows. For each size it seeds a fresh database (the
// same live boards, the growth in archived threads, deleted-post gaps and bans), then times start-up, the cold board,
// thread and catalog pages, the posts API, a search and a housekeeping run, and measures the database's size (one
// process per size: bench/growth-size.ts). Prints the table with each figure's ratio to the smallest size and writes
// it to bench/results/growth-{database}-{date}.json and the growth section of docs/PERFORMANCE.md. SQLite by default; PostgreSQL with TEST_DATABASE_URL.
//
//   npm run bench:growth                                   10k, 100k and 1M posts
//   npm run bench:growth -- --sizes=10000,100000 --no-doc  a quick look, nothing written
//   options: --repetitions=7 (cold pages, API, search) --starts=3 (server start-ups) --keep (keep the largest database)
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { growthMarkdown, growthTable, replaceGrowthSection } from './growth-report'
import type { GrowthResult } from './growth-size'
import { machineInfo } from './machine'
import { ROOT } from '../tests/helpers/server'

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    repetitions: { type: 'string', default: '7' },
    starts: { type: 'string', default: '3' },
    keep: { type: 'boolean', default: false },
    'no-doc': { type: 'boolean', default: false },
  },
})
const sizes = args.sizes.split(',').map(Number)
if (sizes.some((s) => !Number.isInteger(s) || s <= 0)) throw new Error(`--sizes must be post counts: ${args.sizes}`)

function runSize(size: number, keep: boolean): Promise<GrowthResult> {
  const argv = ['--import', 'tsx', 'bench/growth-size.ts', `--size=${size}`]
  argv.push(`--repetitions=${args.repetitions}`, `--starts=${args.starts}`, ...(keep ? ['--keep'] : []))
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
    let result: GrowthResult | undefined
    let pending = ''
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString()
      const lines = pending.split('\n')
      pending = lines.pop()!
      for (const line of lines) {
        if (line.startsWith('GROWTH_RESULT ')) result = JSON.parse(line.slice('GROWTH_RESULT '.length)) as GrowthResult
        else console.log(line)
      }
    })
    child.on('exit', (code) => {
      if (code === 0 && result) resolve(result)
      else reject(new Error(`the ${size}-post run exited with ${code}`))
    })
  })
}

async function main(): Promise<void> {
  const machine = machineInfo()
  const date = new Date().toISOString()
  const results: GrowthResult[] = []
  for (const [i, size] of sizes.entries()) results.push(await runSize(size, args.keep && i === sizes.length - 1))
  console.log(`\n${growthTable(results)}\n`)
  const dir = path.join(ROOT, 'bench/results')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `growth-${results[0].provider}-${date.slice(0, 19).replace(/:/g, '-')}.json`)
  writeFileSync(file, JSON.stringify({ date, machine, results }, null, 2) + '\n')
  console.log(`results: ${path.relative(ROOT, file)}`)
  const kept = results.at(-1)?.keptDatabase
  if (kept) console.log(`kept the largest database: ${kept}`)
  if (args['no-doc']) return
  const doc = path.join(ROOT, 'docs/PERFORMANCE.md')
  const markdown = growthMarkdown(results, { date, machine, loadAverageAtEnd: os.loadavg() })
  writeFileSync(doc, replaceGrowthSection(readFileSync(doc, 'utf8'), results[0].provider, markdown))
  console.log(`updated the ${results[0].provider} growth table in docs/PERFORMANCE.md`)
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err)
    process.exit(1)
  },
)
