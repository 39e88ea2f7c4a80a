/**
 * `npm run bench:compare -- <other checkout>`: this checkout's build against another one's (a
 * `git worktree` of an earlier commit, with `npm ci` and `npm run build` done), both served at
 * once on one PostgreSQL, in rounds that alternate between them (A then B, then B then A), so
 * that whatever else the machine does falls on both alike. Prints, per scenario, each build's
 * median requests a second over the rounds and the ratio of the medians, and each round's ratio
 * (their spread is the noise). `BENCH_COMPARE_ONLY` picks scenarios by a part of their name
 * (`|` between several), `BENCH_COMPARE_ROUNDS` (9) and `BENCH_COMPARE_SECONDS` (4) set the
 * rounds. Then article creates by the seeded editor, `BENCH_COMPARE_CREATES` (40) one after
 * another a round, compared by their mean time. Uses `DATABASE_URL`'s server when set, else an embedded cluster per build.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

import autocannon from 'autocannon'

import { seedCredentials } from '../seed/identities'

type Side = 'this' | 'other'
type Served = { baseUrl: string; stop: () => Promise<void> }

const other = process.argv[2]
if (!other) {
  console.error('Usage: npm run bench:compare -- <path of the other checkout, built>')
  process.exit(2)
}
const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 9)
const seconds = Number(process.env.BENCH_COMPARE_SECONDS ?? 4)
const only = process.env.BENCH_COMPARE_ONLY?.split('|')

/** Starts `checkout`'s app through its own startApp; resolves with its address. */
function serve(checkout: string) {
  return new Promise<Served>((resolve, reject) => {
    const child = spawn(
      'npx',
      ['tsx', '--conditions=production', path.resolve('bench/lib/serveCheckout.ts'), checkout],
      // Its own process group: stopping it reaches the app server under npx and tsx.
      { cwd: checkout, stdio: ['ignore', 'pipe', 'ignore'], detached: true },
    )
    let printed = ''
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString()
      const serving = /SERVING (\S+)/.exec(printed)
      if (serving) resolve({ baseUrl: serving[1]!, stop: () => stopGroup(child) })
    })
    child.once('exit', (code) => reject(new Error(`${checkout} exited (${code}): ${printed}`)))
  })
}

/** Ends a served checkout: SIGTERM to its group, and waits until its first process exits. */
async function stopGroup(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(-child.pid, 'SIGTERM')
  await exited
}

const served: Record<Side, Served> = Object.fromEntries(
  await Promise.all(
    (
      [
        ['this', '.'],
        ['other', other],
      ] as const
    ).map(async ([side, checkout]) => [side, await serve(path.resolve(checkout))] as const),
  ),
) as Record<Side, Served>

try {
  const credentials = seedCredentials()
  const tokenOf = async (side: Side) => {
    const login = await fetch(`${served[side].baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: credentials.adminEmail, password: credentials.adminPassword }),
    })
    return ((await login.json()) as { token: string }).token
  }
  const tokens: Record<Side, string> = {
    this: await tokenOf('this'),
    other: await tokenOf('other'),
  }
  const key = { 'x-api-key': credentials.consumerApiKey }
  const scenarios: {
    name: string
    path: string
    headers: (side: Side) => Record<string, string>
  }[] = [
    {
      name: 'Payload GET /api/users/me, Bearer',
      path: '/api/users/me',
      headers: (side) => ({ authorization: `Bearer ${tokens[side]}` }),
    },
    {
      name: 'GET /api/v1/me, Bearer',
      path: '/api/v1/me',
      headers: (side) => ({ authorization: `Bearer ${tokens[side]}` }),
    },
    { name: 'GET /api/v1/me, X-API-Key', path: '/api/v1/me', headers: () => key },
    {
      name: 'GET /api/v1/me, consumers API-Key',
      path: '/api/v1/me',
      headers: () => ({ authorization: `consumers API-Key ${credentials.consumerApiKey}` }),
    },
    {
      name: 'v1 GET /api/v1/articles?per_page=20',
      path: '/api/v1/articles?per_page=20',
      headers: () => key,
    },
    {
      name: 'Payload GET /api/articles?limit=20&depth=1, X-API-Key',
      path: '/api/articles?limit=20&depth=1',
      headers: () => key,
    },
  ]
  const round = async (side: Side, scenario: (typeof scenarios)[number], duration: number) => {
    const result = await autocannon({
      url: served[side].baseUrl + scenario.path,
      headers: scenario.headers(side),
      connections: 10,
      duration,
    })
    if (result.non2xx + result.errors + result.timeouts > 0 || result.requests.total === 0) {
      throw new Error(`${scenario.name} (${side}): answers that were not 2xx`)
    }
    return result.requests.average
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!

  console.log(
    `\nnpm run bench:compare -- ${other}, ${new Date().toISOString().slice(0, 16)} UTC, ` +
      `autocannon -c 10, ${rounds} alternating rounds of ${seconds} s\n`,
  )
  console.log('| scenario | other req/s | this req/s | this ÷ other | each round |')
  console.log('|---|---:|---:|---:|---|')
  for (const scenario of scenarios) {
    if (only && !only.some((part) => scenario.name.includes(part))) continue
    await round('other', scenario, 2)
    await round('this', scenario, 2)
    const figures: Record<Side, number[]> = { this: [], other: [] }
    for (let index = 0; index < rounds; index++) {
      const order: Side[] = index % 2 ? ['this', 'other'] : ['other', 'this']
      for (const side of order) figures[side].push(await round(side, scenario, seconds))
    }
    const each = figures.this.map((value, index) => (value / figures.other[index]!).toFixed(2))
    console.log(
      `| ${scenario.name} | ${Math.round(median(figures.other))} | ${Math.round(median(figures.this))} | ` +
        `${(median(figures.this) / median(figures.other)).toFixed(2)} | ${each.join(' ')} |`,
    )
  }

  // Writes: sequential creates of draft articles by the seeded editor, in alternating rounds.
  const creates = [
    { name: 'POST /api/v1/articles', path: '/api/v1/articles', authorField: 'author_id' },
    { name: 'Payload POST /api/articles', path: '/api/articles', authorField: 'author' },
  ].filter((create) => !only || only.some((part) => create.name.includes(part)))
  if (creates.length) {
    const perRound = Number(process.env.BENCH_COMPARE_CREATES ?? 40)
    const writer = async (side: Side) => {
      const login = await fetch(`${served[side].baseUrl}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: credentials.editorEmail,
          password: credentials.editorPassword,
        }),
      })
      const { token } = (await login.json()) as { token: string }
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
      const authors = await fetch(`${served[side].baseUrl}/api/authors?limit=1`, { headers })
      const authorId = ((await authors.json()) as { docs: { id: number }[] }).docs[0]!.id
      return { headers, authorId }
    }
    const writers = { this: await writer('this'), other: await writer('other') }
    let serial = 0
    /** Mean milliseconds of `perRound` creates one after another. */
    const createRound = async (side: Side, create: (typeof creates)[number], count: number) => {
      const started = performance.now()
      for (let index = 0; index < count; index++) {
        serial += 1
        const response = await fetch(served[side].baseUrl + create.path, {
          method: 'POST',
          headers: writers[side].headers,
          body: JSON.stringify({
            title: `Compare ${serial}`,
            slug: `compare-${serial}`,
            [create.authorField]: writers[side].authorId,
          }),
        })
        if (response.status !== 201) throw new Error(`${create.name} (${side}): ${response.status}`)
        await response.arrayBuffer()
      }
      return (performance.now() - started) / count
    }
    console.log(`\nArticle creates, ${perRound} one after another a round (mean ms):\n`)
    console.log('| create | other ms | this ms | this ÷ other | each round |')
    console.log('|---|---:|---:|---:|---|')
    for (const create of creates) {
      await createRound('other', create, 10)
      await createRound('this', create, 10)
      const figures: Record<Side, number[]> = { this: [], other: [] }
      for (let index = 0; index < rounds; index++) {
        const order: Side[] = index % 2 ? ['this', 'other'] : ['other', 'this']
        for (const side of order) figures[side].push(await createRound(side, create, perRound))
      }
      const each = figures.this.map((value, index) => (value / figures.other[index]!).toFixed(2))
      console.log(
        `| ${create.name} | ${median(figures.other).toFixed(1)} | ${median(figures.this).toFixed(1)} | ` +
          `${(median(figures.this) / median(figures.other)).toFixed(2)} | ${each.join(' ')} |`,
      )
    }
  }
} finally {
  await Promise.all([served.this.stop(), served.other.stop()])
}
process.exit(0)
