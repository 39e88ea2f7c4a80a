import type { Payload } from 'payload'
import type { PoolClient } from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'

import { signedInAs } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'

// A release beside an editor's save of one of its documents (issue 53, item 5): the editor's
// draft, saved through Payload's REST (`PATCH ?draft=true`) while a release publishes the
// document, is never lost. It lands before the release and is what gets published, or it waits
// for the release and lands after it, a new draft on top of the publication.
//
// The interleaving is forced: a connection of the test holds the document's row lock while the
// release and the save both start, and lets go once both wait for it (PostgreSQL then grants it
// in the order they asked).

let payload: Payload
let editor: Record<string, string>

beforeAll(async () => {
  payload = await getTestPayload()
  editor = await signedInAs(payload, 'editor')
})

type Collection = 'pages' | 'articles'
let serial = 0

async function draftPage() {
  serial += 1
  return payload.create({
    collection: 'pages',
    draft: true,
    data: { title: `Racing page ${serial}`, slug: `racing-page-${serial}`, _status: 'draft' },
  })
}

let writerId: number | undefined

/** A draft article or page, never published. */
async function draftOf(collection: Collection) {
  if (collection === 'pages') return draftPage()
  serial += 1
  writerId ??= (await payload.create({ collection: 'authors', data: { name: 'Racing writer' } })).id
  return payload.create({
    collection: 'articles',
    draft: true,
    data: {
      title: `Racing article ${serial}`,
      slug: `racing-article-${serial}`,
      author: writerId,
      _status: 'draft',
    },
  })
}

async function newRelease(collection: Collection, id: number) {
  const created = await restJson('POST', '/api/releases', {
    headers: editor,
    body: {
      name: `Racing release ${serial}`,
      items: [
        { document: { relationTo: collection, value: id }, action: 'publish', locale: 'all' },
      ],
    },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.doc.id as number
}

/** Holds the row lock of `table`'s row `id` on a connection of its own until `release()`. */
async function holdRow(table: string, id: number) {
  const client: PoolClient = await payload.db.pool.connect()
  await client.query('BEGIN')
  await client.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id])
  const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid
  return {
    /**
     * How many sessions wait for the row: for this session, or (PostgreSQL queues them) for the
     * session that waits first.
     */
    waiting: async () => {
      const { rows } = await payload.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND cardinality(pg_blocking_pids(pid)) > 0
            AND pid <> $1 AND datname = current_database()`,
        [pid],
      )
      return rows[0]!.n
    },
    release: async () => {
      await client.query('COMMIT')
      client.release()
    },
  }
}

async function untilWaiting(held: Awaited<ReturnType<typeof holdRow>>, count: number) {
  const deadline = Date.now() + 20_000
  while ((await held.waiting()) < count) {
    if (Date.now() > deadline) {
      const { rows } = await payload.db.pool.query(
        `SELECT pid, state, wait_event_type, wait_event, pg_blocking_pids(pid) AS blockers, left(query, 200) AS query FROM pg_stat_activity WHERE datname = current_database()`,
      )
      console.log(JSON.stringify(rows, null, 1))
      throw new Error(`fewer than ${count} sessions waited for the lock`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const saveDraft = (collection: Collection, id: number, title: string) =>
  restJson('PATCH', `/api/${collection}/${id}?draft=true`, {
    headers: editor,
    body: { title },
  })

const releaseNow = (id: number) =>
  restJson('POST', `/api/releases/${id}/release`, { headers: editor })

const published = async (collection: Collection, id: number) =>
  payload.findByID({ collection, id, depth: 0, draft: false })
/** The newest version, draft or not, as an editor reads it. */
const newest = async (id: number, collection: Collection = 'pages') =>
  (await restJson('GET', `/api/${collection}/${id}?draft=true&depth=0`, { headers: editor })).body

describe.each(['pages', 'articles'] as const)(
  "a release beside an editor's save of one of its %s",
  (collection) => {
    for (let round = 1; round <= 2; round += 1) {
      it(`publishes the draft saved just before it (round ${round})`, async () => {
        const doc = await draftOf(collection)
        const releaseId = await newRelease(collection, doc.id)
        const held = await holdRow(collection, doc.id)
        const saving = saveDraft(collection, doc.id, `Saved first ${serial}`)
        await untilWaiting(held, 1)
        const releasing = releaseNow(releaseId)
        await untilWaiting(held, 2)
        await held.release()
        const [saved, released] = await Promise.all([saving, releasing])
        expect(saved.status, JSON.stringify(saved.body)).toBe(200)
        expect(released.status, JSON.stringify(released.body)).toBe(200)
        expect(await published(collection, doc.id)).toMatchObject({
          _status: 'published',
          title: `Saved first ${serial}`,
        })
        expect(await newest(doc.id, collection)).toMatchObject({ title: `Saved first ${serial}` })
      })

      it(`keeps the draft saved while it publishes, on top of the publication (round ${round})`, async () => {
        const doc = await draftOf(collection)
        const releaseId = await newRelease(collection, doc.id)
        const held = await holdRow(collection, doc.id)
        const releasing = releaseNow(releaseId)
        await untilWaiting(held, 1)
        const saving = saveDraft(collection, doc.id, `Saved during ${serial}`)
        await untilWaiting(held, 2)
        await held.release()
        const [released, saved] = await Promise.all([releasing, saving])
        expect(released.status, JSON.stringify(released.body)).toBe(200)
        expect(saved.status, JSON.stringify(saved.body)).toBe(200)
        expect(await published(collection, doc.id)).toMatchObject({
          _status: 'published',
          title: doc.title,
        })
        expect(await newest(doc.id, collection)).toMatchObject({ title: `Saved during ${serial}` })
      })
    }
  },
)

describe('a release whose transaction fails midway', () => {
  it('publishes nothing, sends no event, and is marked failed naming the document and why', async () => {
    const first = await payload.create({
      collection: 'articles',
      draft: true,
      data: {
        title: `Faulty release article ${serial}`,
        slug: `faulty-release-article-${serial}`,
        author: (
          await payload.create({ collection: 'authors', data: { name: `Writer ${serial}` } })
        ).id,
        _status: 'draft',
      },
    })
    const second = await draftPage()
    const third = await draftPage()
    const created = await restJson('POST', '/api/releases', {
      headers: editor,
      body: {
        name: `Faulty release ${serial}`,
        items: [
          { document: { relationTo: 'articles', value: first.id }, action: 'publish' },
          { document: { relationTo: 'pages', value: second.id }, action: 'publish' },
          { document: { relationTo: 'pages', value: third.id }, action: 'publish' },
        ].map((item) => ({ ...item, locale: 'all' })),
      },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const releaseId = created.body.doc.id as number
    // The database itself refuses the third document's publication, after the first two
    // documents' rows (and their events in the outbox) are written in the release's transaction.
    const trigger = `refuse_page_${third.id}`
    await payload.db.pool.query(`
      CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id = ${third.id} AND NEW._status = 'published' THEN
          RAISE EXCEPTION 'page ${third.id} refused by the test''s trigger';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER ${trigger} BEFORE UPDATE ON pages FOR EACH ROW EXECUTE FUNCTION ${trigger}();`)
    const outboxBefore = Number(
      (await payload.db.pool.query(`SELECT coalesce(max(seq), 0) AS seq FROM webhook_outbox`))
        .rows[0]!.seq,
    )
    const auditBefore = Number(
      (await payload.db.pool.query(`SELECT coalesce(max(id), 0) AS id FROM audit_log`)).rows[0]!.id,
    )
    try {
      const answer = await restJson('POST', `/api/releases/${releaseId}/release`, {
        headers: editor,
      })
      expect(answer.status, JSON.stringify(answer.body)).toBe(409)
      expect(JSON.stringify(answer.body)).toContain(`pages ${third.id}`)
    } finally {
      await payload.db.pool.query(`DROP TRIGGER ${trigger} ON pages; DROP FUNCTION ${trigger}();`)
    }
    expect((await payload.findByID({ collection: 'articles', id: first.id }))._status).toBe('draft')
    for (const page of [second, third]) {
      expect(await newest(page.id)).toMatchObject({ _status: 'draft' })
      const { totalDocs } = await payload.count({
        collection: 'pages',
        where: { id: { equals: page.id }, _status: { equals: 'published' } },
      })
      expect(totalDocs).toBe(0)
    }
    const events = await payload.db.pool.query(
      `SELECT type, data->>'id' AS id FROM webhook_outbox WHERE seq > $1`,
      [outboxBefore],
    )
    expect(events.rows).toEqual([])
    const stored = await payload.findByID({ collection: 'releases', id: releaseId })
    expect(stored.status).toBe('failed')
    expect(stored.result).toContain(`pages ${third.id} ("${third.title}")`)
    expect(stored.result).toContain(`refused by the test's trigger`)
    // The database's reason, not the statement and the document's fields it carried.
    expect(stored.result).not.toMatch(/insert into|params:/i)
    // The audit trail holds no publication that did not happen.
    const audit = await payload.db.pool.query(
      `SELECT target_collection, target_id FROM audit_log
        WHERE id > $1 AND target_collection IN ('articles', 'pages')`,
      [auditBefore],
    )
    expect(audit.rows).toEqual([])
  })
})
