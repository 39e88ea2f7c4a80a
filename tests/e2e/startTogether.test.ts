import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'

import { createDatabaseIfMissing, freePort } from '../../scripts/lib/embeddedPostgres'
import { seedCredentials } from '../../seed/identities'
import { signalGroup, spawnInGroup } from '../helpers/processGroups'
import { startTestServer, type TestServer } from '../helpers/testDatabase'

// Issue 33, item 3: two `npm start` started together on one empty database. Before, both
// migrated and both seeded the same accounts: one came up and the other exited in the seed with
// "ValidationError: The following field is invalid: email". Now they set the database up one at
// a time under an advisory lock (scripts/lib/setUpOnce.ts) and both serve.
// SHOW_APP_OUTPUT=1 prints what the instances print.
const showOutput = Boolean(process.env.SHOW_APP_OUTPUT)

type Instance = {
  baseUrl: string
  output: () => string
  exited: Promise<number | null>
  stop: () => Promise<void>
}

/** `npm start` of the production build on `databaseUrl`, as an orchestrator starts one replica. */
async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort()
  const child = spawnInGroup(
    'scripts/start.ts',
    [],
    {
      DATABASE_URL: databaseUrl,
      PAYLOAD_SECRET: 'start-together-secret',
      SEED_ON_START: 'true',
      PORT: String(port),
      PAYMENT_SANDBOX: 'true',
    },
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (showOutput) process.stdout.write(chunk)
    })
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) {
        signalGroup(child, 'SIGTERM')
        await exited
      }
    },
  }
}

/** Resolves when the instance's readiness check answers 200; rejects if it exits first. */
async function ready(instance: Instance, deadline: number) {
  let exitCode: number | null | undefined
  void instance.exited.then((code) => (exitCode = code))
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`An instance exited (code ${exitCode}). Its output:\n${instance.output()}`)
    }
    const status = await fetch(`${instance.baseUrl}/api/health/ready`, {
      signal: AbortSignal.timeout(10_000),
    }).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) return
    if (Date.now() > deadline) {
      throw new Error(`An instance was not ready in time. Its output:\n${instance.output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

let server: TestServer | undefined
const instances: Instance[] = []

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()))
  await server?.stop()
})

describe('two npm start on one empty database, started together', () => {
  it('both come up; the database is migrated and seeded once', async () => {
    server = await startTestServer()
    const database = `${server.prefix}_together`
    await createDatabaseIfMissing(server.adminUrl, database)
    const databaseUrl = server.urlFor(database)

    instances.push(...(await Promise.all([startInstance(databaseUrl), startInstance(databaseUrl)])))
    const deadline = Date.now() + 4 * 60_000
    await Promise.all(instances.map((instance) => ready(instance, deadline)))

    // One set the database up; the other waited for it under the lock, then found it done.
    const outputs = instances.map((instance) => instance.output())
    expect(outputs.filter((output) => output.includes('Seed complete'))).toHaveLength(1)
    expect(outputs.filter((output) => output.includes('Migrating: '))).toHaveLength(1)
    expect(outputs.filter((output) => output.includes('waiting for it to finish'))).toHaveLength(1)

    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const migrations = await client.query<{ name: string; count: string }>(
        'SELECT name, count(*) FROM payload_migrations GROUP BY name HAVING count(*) > 1',
      )
      expect(migrations.rows).toEqual([])
      const users = await client.query<{ email: string; count: string }>(
        'SELECT email, count(*) FROM users GROUP BY email HAVING count(*) > 1',
      )
      expect(users.rows).toEqual([])
      const admins = await client.query('SELECT 1 FROM users WHERE email = $1', [
        seedCredentials().adminEmail,
      ])
      expect(admins.rowCount).toBe(1)
    } finally {
      await client.end()
    }

    // Both serve the demo data: the seeded editor logs in through each.
    for (const instance of instances) {
      const login = await fetch(`${instance.baseUrl}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: seedCredentials().editorEmail,
          password: seedCredentials().editorPassword,
        }),
      })
      expect(login.status).toBe(200)
    }
  })
})
