/**
 * `npm run bench:cache-invalidation`: how long after a change is acknowledged by one app server
 * another one answers with it. Two `npm start` servers on one database (the production build);
 * an editor changes an article's title on the first (`PATCH /api/v1/articles/:id`), and as
 * soon as the answer arrives, a consumer reads the article on the second, again and again, until
 * it shows the new title (both servers keep the article in their answer caches meanwhile). The
 * figure is the time from the write's answer to the first fresh read on the other server, polling
 * included: an upper bound of the NOTIFY's trip and the drop. Prints p50, p99 and the worst.
 */
import { seedCredentials } from '../seed/identities'
import { startApp } from '../tests/helpers/startApp'

const rounds = Number(process.env.BENCH_ROUNDS ?? 200)
const limits = { RATE_LIMIT_DEFAULT: '100000000/60', RATE_LIMIT_EDITORS: '100000000/60' }
const first = await startApp({ env: limits })
const second = await startApp({ env: limits, reuse: first })
try {
  const credentials = seedCredentials()
  const login = await fetch(`${first.baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: credentials.editorEmail, password: credentials.editorPassword }),
  })
  const { token } = (await login.json()) as { token: string }
  const editor = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const consumer = { 'x-api-key': credentials.consumerApiKey }
  const list = await fetch(`${first.baseUrl}/api/v1/articles?per_page=1`, { headers: consumer })
  const id = ((await list.json()) as { data: { id: number }[] }).data[0]!.id
  const readOn = async (baseUrl: string) => {
    const answer = await fetch(`${baseUrl}/api/v1/articles/${id}`, { headers: consumer })
    return ((await answer.json()) as { data: { title: string } }).data.title
  }

  const delays: number[] = []
  let polls = 0
  for (let round = 0; round < rounds; round++) {
    // Both servers hold the current answer.
    await readOn(first.baseUrl)
    await readOn(second.baseUrl)
    const title = `Invalidation round ${round} ${Date.now()}`
    const changed = await fetch(`${first.baseUrl}/api/v1/articles/${id}`, {
      method: 'PATCH',
      headers: editor,
      body: JSON.stringify({ title }),
    })
    if (changed.status !== 200) throw new Error(`PATCH answered ${changed.status}`)
    const acknowledged = performance.now()
    for (;;) {
      polls++
      if ((await readOn(second.baseUrl)) === title) break
    }
    delays.push(performance.now() - acknowledged)
    // Never stale on the writer's own server.
    if ((await readOn(first.baseUrl)) !== title)
      throw new Error('The writing server answered stale')
  }
  delays.sort((a, b) => a - b)
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.ceil(q * delays.length) - 1)]!
  console.log(
    `Invalidation across two app servers, ${rounds} changes (${polls} reads on the other server):`,
  )
  console.log(
    `  write acknowledged -> fresh answer on the other server: p50 ${at(0.5).toFixed(1)} ms, ` +
      `p99 ${at(0.99).toFixed(1)} ms, worst ${delays.at(-1)!.toFixed(1)} ms (target p99 <= 100 ms)`,
  )
} finally {
  await second.stop({ keepDatabase: true })
  await first.stop()
}
