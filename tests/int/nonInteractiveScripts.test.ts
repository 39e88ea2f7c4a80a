import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { runToExit } from '../helpers/processGroups'
import { getTestPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  // This file's database is set up as `npm run dev` sets one up: by schema push.
  payload = await getTestPayload()
})

/** A script run with no terminal and no answer ever (see `runToExit`). */
const runWithoutAnswers = (script: string, env: Record<string, string> = {}) =>
  runToExit(script, env, { stdin: 'pipe' })

describe('scripts given a database `npm run dev` pushed', () => {
  // Before: `npm start` waited forever on "Would you like to proceed? (y/N)"; answered "no",
  // the migration step exited 0 having done nothing.
  it.each(['scripts/migrate.ts', 'scripts/start.ts'])(
    '%s fails at once with what to do, instead of asking',
    async (script) => {
      const { code, output } = await runWithoutAnswers(script)
      expect(code).toBe(1)
      expect(output).toContain('This database was set up by `npm run dev`')
      expect(output).toContain('Give `npm start` (production) a database')
      expect(output).not.toContain('(y/N)')
      // Nothing was migrated.
      const { totalDocs } = await payload.count({ collection: 'payload-migrations' })
      expect(totalDocs).toBe(1)
    },
  )
})

describe('a script that does not finish starting', () => {
  // Before: a start whose import of the config never settled waited forever (or exited 13).
  it('ends itself with exit code 75 and says so, so that it is started again', async () => {
    const { code, output } = await runWithoutAnswers('scripts/worker.ts', {
      SCRIPT_START_TIMEOUT_SECONDS: '0.2',
    })
    expect(code).toBe(75)
    expect(output).toContain('npm run worker did not finish starting within 0.2 s')
  })
})
