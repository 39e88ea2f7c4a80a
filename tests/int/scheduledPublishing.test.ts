import type { ChildProcess } from 'node:child_process'

import type { Payload } from 'payload'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { webhookHarness } from '../helpers/webhookHarness'

import { closePayload } from '../../src/db/closePayload'
import { backgroundWork } from '../../src/lifecycle/backgroundWork'
import { runDueJobs, startJobRunner } from '../../src/lifecycle/operations/startJobRunner'
import { getTestPayload } from '../helpers/payload'
import { signalGroup } from '../helpers/processGroups'
import { eventually } from '../helpers/webhookReceiver'

// Scheduled publication across processes: `npm run worker` processes (which run the same job
// runner as every app server, src/lifecycle/operations/startJobRunner.ts) on one database, the
// schedule queued as the admin panel's "Schedule publish" queues it. Every process polls the
// queue every half second here. That an app server runs it too is shown in the browser
// (tests/e2e/editorsSchedule.test.ts).
const pollSeconds = 0.5
const jobsOn = { JOBS_POLL_SECONDS: String(pollSeconds) }

let payload: Payload
let db: pg.Pool
let authorId: number
let adminId: number
const workers = webhookHarness().processes
/** Workers running now, stopped with SIGTERM when a test needs the queue to itself. */
let running: ChildProcess[] = []

/** SIGTERM to every running worker; resolves once each has exited (cleanly: exit 0). */
async function stopWorkers() {
  const exits = running.map(
    (child) => new Promise<number | null>((resolve) => child.once('exit', resolve)),
  )
  for (const child of running) signalGroup(child, 'SIGTERM')
  expect(await Promise.all(exits)).toEqual(running.map(() => 0))
  running = []
}

beforeAll(async () => {
  // This test process's Payload runs no queue (it is not an app server).
  payload = await getTestPayload()
  db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 })
  // Connections cut by the outage test end quietly; the pool makes new ones.
  db.on('error', () => {})
  authorId = (await payload.create({ collection: 'authors', data: { name: 'Scheduler' } })).id
  const admin = await payload.create({
    collection: 'users',
    data: { email: 'scheduler@example.com', password: 'scheduler-password', role: 'admin' },
  })
  adminId = admin.id
})

afterAll(async () => {
  await db?.end()
  // This process's own loops (notices) first, then its pool.
  await backgroundWork().stopAll(Date.now() + 5_000)
  if (payload) await closePayload(payload)
})

/** A draft article (never published): the row and one draft version. */
async function draftArticle(title: string): Promise<number> {
  const article = await payload.create({
    collection: 'articles',
    data: { title, author: authorId, _status: 'draft' },
    draft: true,
  })
  return article.id
}

/** A published article. */
async function publishedArticle(title: string): Promise<number> {
  const article = await payload.create({
    collection: 'articles',
    data: { title, slug: `published-${Date.now()}`, author: authorId, _status: 'published' },
  })
  return article.id
}

/**
 * Queues what the admin panel's "Schedule publish" queues (`schedulePublishHandler` in
 * @payloadcms/ui): a `schedulePublish` job on the default queue, as the signed-in admin.
 */
async function schedule(type: 'publish' | 'unpublish', articleId: number, waitUntil: Date) {
  const input = {
    type,
    // The admin panel sends the id as a string (Payload's task turns it back into a number).
    doc: { relationTo: 'articles', value: String(articleId) },
    global: undefined,
    locale: undefined,
    timezone: undefined,
    user: { relationTo: 'users', value: adminId },
  }
  // The generated input type has neither the string id nor `timezone`: what the panel sends is.
  await payload.jobs.queue({ task: 'schedulePublish', input: input as never, waitUntil })
}

type ArticleRow = { status: string; updated_at: Date }

async function statusOf(articleId: number): Promise<ArticleRow> {
  const { rows } = await db.query<ArticleRow>(
    'SELECT _status::text AS status, updated_at FROM articles WHERE id = $1',
    [articleId],
  )
  return rows[0]!
}

/** Waits until the article's row has `status`; returns when the row was written. */
async function becomes(articleId: number, status: string, timeoutMs = 20_000): Promise<Date> {
  const row = await eventually(async () => {
    const current = await statusOf(articleId)
    return current.status === status ? current : undefined
  }, timeoutMs)
  return row!.updated_at
}

/** Jobs still in the queue (completed jobs are deleted) for the article. */
async function queuedJobs(articleId: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM payload_jobs WHERE input->'doc'->>'value' = $1`,
    [String(articleId)],
  )
  return rows[0]!.count
}

/** Tests that start workers: a start takes seconds on a busy machine. */
const startsProcesses = 120_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Seconds from `due` to `at`, for the figures printed. */
const lagOf = (due: Date, at: Date) => ((at.getTime() - due.getTime()) / 1000).toFixed(2)

describe('scheduled publishing', () => {
  it(
    '`npm run worker` publishes a scheduled draft within the poll interval after it falls due',
    async () => {
      running = [await workers.start(jobsOn)]
      const id = await draftArticle('Published on schedule')
      const due = new Date(Date.now() + 1_500)
      await schedule('publish', id, due)
      await sleep(500)
      expect((await statusOf(id)).status).toBe('draft')
      const publishedAt = await becomes(id, 'published')
      expect(publishedAt.getTime()).toBeGreaterThanOrEqual(due.getTime())
      // The job is deleted once the publication has committed.
      await eventually(async () => (await queuedJobs(id)) === 0, 5_000)
      console.info(`scheduled publication: published ${lagOf(due, publishedAt)} s after due`)
    },
    startsProcesses,
  )

  it('an unpublication on schedule makes a published article a draft', async () => {
    const id = await publishedArticle('Unpublished on schedule')
    const due = new Date(Date.now() + 1_000)
    await schedule('unpublish', id, due)
    const unpublishedAt = await becomes(id, 'draft')
    expect(unpublishedAt.getTime()).toBeGreaterThanOrEqual(due.getTime())
    const { rows } = await db.query<{ type: string }>(
      `SELECT type FROM (SELECT type, data, occurred_at FROM webhook_outbox
                         UNION ALL SELECT type, data, occurred_at FROM webhook_events) e
       WHERE type LIKE 'article.%' AND (data->>'id')::int = $1`,
      [id],
    )
    // Events of one transaction share their time: compared in any order. The unpublication is
    // announced alone (its payload only names the article).
    expect(rows.map((row) => row.type).sort()).toEqual(
      ['article.created', 'article.published', 'article.unpublished'].sort(),
    )
    console.info(`scheduled unpublication: done ${lagOf(due, unpublishedAt)} s after due`)
  })

  it(
    'a schedule survives a restart: what fell due while nothing ran is published right after the next start',
    async () => {
      const id = await draftArticle('Due while down')
      const due = new Date(Date.now() + 3_000)
      await schedule('publish', id, due)
      // SIGTERM before it is due: the worker stops cleanly, and nothing runs the queue.
      await stopWorkers()
      expect(Date.now()).toBeLessThan(due.getTime())
      await sleep(due.getTime() - Date.now() + 1_000)
      expect((await statusOf(id)).status).toBe('draft')
      expect(await queuedJobs(id)).toBe(1)

      // From here on two processes run the queue, on the one database.
      const startedAt = new Date()
      running = await Promise.all([workers.start(jobsOn), workers.start(jobsOn)])
      const readyAt = new Date()
      const publishedAt = await becomes(id, 'published')
      await eventually(async () => (await queuedJobs(id)) === 0, 5_000)
      console.info(
        `due while down: both workers started in ${lagOf(startedAt, readyAt)} s, ` +
          `the article was published at ${lagOf(startedAt, publishedAt)} s`,
      )
    },
    startsProcesses,
  )

  it('two processes on one database publish each of many articles due at the same moment exactly once', async () => {
    const count = 30
    const ids: number[] = []
    for (let n = 1; n <= count; n++) ids.push(await draftArticle(`Same moment ${n}`))
    const due = new Date(Date.now() + 1_000)
    for (const id of ids) await schedule('publish', id, due)

    const published = await eventually(async () => {
      const { rows } = await db.query<{ count: number; last: Date }>(
        `SELECT count(*)::int AS count, max(updated_at) AS last FROM articles
         WHERE id = ANY($1::int[]) AND _status = 'published'`,
        [ids],
      )
      return rows[0]!.count === count ? rows[0]! : undefined
    }, 30_000)
    // Polls of both processes after the last publication: nothing more happens to them.
    await sleep(4 * pollSeconds * 1000)

    // One `article.published` event per article (in the outbox, or in the event log once a
    // webhook worker has fanned it out).
    const events = await db.query<{ id: number; count: number }>(
      `SELECT (data->>'id')::int AS id, count(*)::int AS count
       FROM (SELECT type, data FROM webhook_outbox UNION ALL SELECT type, data FROM webhook_events) e
       WHERE type = 'article.published' AND (data->>'id')::int = ANY($1::int[])
       GROUP BY 1`,
      [ids],
    )
    expect(events.rows).toHaveLength(count)
    expect(events.rows.filter((row) => row.count !== 1)).toEqual([])
    // One published version per article: the one the job wrote.
    const versions = await db.query<{ id: number; count: number }>(
      `SELECT parent_id AS id, count(*)::int AS count FROM _articles_v
       WHERE parent_id = ANY($1::int[]) AND version__status = 'published'
       GROUP BY 1`,
      [ids],
    )
    expect(versions.rows).toHaveLength(count)
    expect(versions.rows.filter((row) => row.count !== 1)).toEqual([])
    const left = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM payload_jobs`,
    )
    expect(left.rows[0]!.count).toBe(0)
    console.info(
      `${count} publications due at one moment: all done ${lagOf(due, published!.last)} s after due`,
    )
  })

  it('runs nothing while another process holds the queue', async () => {
    // The workers stopped: only this test's runs and the lock's holder remain.
    await stopWorkers()
    const id = await draftArticle('Held queue')
    await schedule('publish', id, new Date(Date.now() - 1_000))
    const holder = await db.connect()
    try {
      await holder.query(`SELECT pg_advisory_lock(hashtextextended('payload-jobs:run', 0))`)
      expect(await runDueJobs(payload)).toEqual({ ran: false })
      expect((await statusOf(id)).status).toBe('draft')
    } finally {
      await holder.query(`SELECT pg_advisory_unlock(hashtextextended('payload-jobs:run', 0))`)
      holder.release()
    }
    expect(await runDueJobs(payload)).toEqual({ ran: true, jobs: 1 })
    expect((await statusOf(id)).status).toBe('published')
  })
  it('four runners looking at once publish each of 20 due articles exactly once', async () => {
    // Payload's own claim, four `payload.jobs.run` at once on the same 20 jobs, published them
    // 76 times (docs/scheduling.md); the lock lets one runner take them and the others skip.
    const ids: number[] = []
    for (let n = 1; n <= 20; n++) {
      const id = await draftArticle(`Four runners ${n}`)
      await schedule('publish', id, new Date(Date.now() - 1_000))
      ids.push(id)
    }
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => runDueJobs(payload)))
    expect(outcomes.reduce((sum, outcome) => sum + (outcome.ran ? outcome.jobs : 0), 0)).toBe(20)
    const versions = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM _articles_v
       WHERE parent_id = ANY($1::int[]) AND version__status = 'published'`,
      [ids],
    )
    expect(versions.rows[0]!.count).toBe(20)
    const events = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM webhook_outbox
       WHERE type = 'article.published' AND (data->>'id')::int = ANY($1::int[])`,
      [ids],
    )
    expect(events.rows[0]!.count).toBe(20)
  })

  it('puts back a job a dead runner left marked processing, once it has been still for a minute', async () => {
    const id = await draftArticle('Left processing')
    await schedule('publish', id, new Date(Date.now() - 1_000))
    // Claimed by a runner that died in the middle of it: marked, never finished.
    await db.query(
      `UPDATE payload_jobs SET processing = true, updated_at = now() - interval '20 seconds'
       WHERE input->'doc'->>'value' = $1`,
      [String(id)],
    )
    expect(await runDueJobs(payload)).toEqual({ ran: true, jobs: 0 })
    expect((await statusOf(id)).status).toBe('draft')
    await db.query(
      `UPDATE payload_jobs SET updated_at = now() - interval '61 seconds'
       WHERE input->'doc'->>'value' = $1`,
      [String(id)],
    )
    expect(await runDueJobs(payload)).toEqual({ ran: true, jobs: 1 })
    expect((await statusOf(id)).status).toBe('published')
  })

  it('keeps running through lost database connections and publishes once they are back', async () => {
    const runner = startJobRunner(payload, { pollMs: 100 })
    const id = await draftArticle('Through an outage')
    try {
      // For a second, every connection to the database but the killer's is cut every 20 ms:
      // the runner's looks fail on dead connections meanwhile.
      const killer = await db.connect()
      try {
        const until = Date.now() + 1_000
        while (Date.now() < until) {
          await killer.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid()`,
          )
          await sleep(20)
        }
        await schedule('publish', id, new Date(Date.now() - 1_000))
      } finally {
        killer.release()
      }
      await becomes(id, 'published')
      const before = runner.lastRunAt()
      await eventually(() => runner.lastRunAt() !== before, 5_000)
    } finally {
      await runner.stop()
    }
  })
})
