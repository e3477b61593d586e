// npm run admin:create -- --username <name> --email <address> [--role admin|moderator|janitor] [--boards a,b]
// Creates a staff account on the configured database (DATABASE_URL, default the SQLite file under ./data).
// The password is prompted for (twice, hidden) on a terminal; otherwise, or with --generate-password, a
// strong one is generated and printed once. Nothing else ever prints or stores it in the clear.
import { randomBytes } from 'node:crypto'
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { parseArgs } from 'node:util'
import { ZodError } from 'zod'
import { seedDefaultBoards } from '../boards/seed'
import { getConfig, ConfigError } from '../config'
import { createStaffUser } from './create-staff-user'
import { ROLES, type Role } from './schemas'
import { closeDb, getDb } from '../db/client'
import { migrate } from '../db/migrate'
import { DomainError, ValidationError } from '../errors'

const USAGE =
  'Usage: npm run admin:create -- --username <name> --email <address> [--role admin|moderator|janitor] [--boards tech,science] [--generate-password]'

async function promptHidden(question: string): Promise<string> {
  let muted = false
  const output = new Writable({
    write(chunk, _enc, cb) {
      if (!muted) process.stdout.write(chunk)
      cb()
    },
  })
  const rl = createInterface({ input: process.stdin, output, terminal: true })
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close()
      process.stdout.write('\n')
      resolve(answer)
    })
    muted = true
  })
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      boards: { type: 'string', default: '' },
      'generate-password': { type: 'boolean', default: false },
    },
  })
  if (!values.username || !values.email || !ROLES.includes(values.role as Role)) {
    console.error(USAGE)
    return 2
  }

  let password: string
  let generated = false
  if (values['generate-password'] || !process.stdin.isTTY) {
    password = randomBytes(18).toString('base64url')
    generated = true
  } else {
    password = await promptHidden('Password (10–128 characters): ')
    if (password !== (await promptHidden('Repeat password: '))) {
      console.error('The passwords do not match.')
      return 1
    }
  }

  const config = getConfig()
  await migrate(config.database)
  await seedDefaultBoards(await getDb())
  const user = await createStaffUser({
    username: values.username,
    email: values.email,
    password,
    role: values.role as Role,
    boards: values.boards
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean),
  })
  console.log(`Created ${user.role} "${user.username}" (id ${user.id}).`)
  if (generated) console.log(`Generated password (shown once, store it now): ${password}`)
  return 0
}

main()
  .then(async (code) => {
    await closeDb()
    process.exit(code)
  })
  .catch(async (err) => {
    await closeDb().catch(() => {})
    if (err instanceof ConfigError) console.error(err.message)
    else if (err instanceof ValidationError)
      console.error(err.details.map((d) => `${d.field}: ${d.message}`).join('\n'))
    else if (err instanceof ZodError)
      console.error(err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'))
    else if (err instanceof DomainError) console.error(err.message)
    else console.error('Failed:', err instanceof Error ? err.message : err)
    process.exit(1)
  })
