import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { User } from '../../src/payload-types'
import { closePayload } from '../../src/db/closePayload'
import { signedInAs } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'

// What the admin panel reads to say "Scheduled for <time> (<zone>)": each article or page an
// editor reads carries its next scheduled publication (the job Schedule Publish queues), a
// whole list at once; readers who are not editors see no schedule.
let payload: Payload
let editor: User
let authorId: number

beforeAll(async () => {
  payload = await getTestPayload({ CONTENT_TIME_ZONE: 'Europe/Berlin' })
  authorId = (await payload.create({ collection: 'authors', data: { name: 'Planner' } })).id
  editor = await payload.create({
    collection: 'users',
    data: { email: 'planner@example.com', password: 'planner-password', role: 'editor' },
  })
})

afterAll(async () => {
  if (payload) await closePayload(payload)
})

const draftArticle = async (title: string) =>
  (
    await payload.create({
      collection: 'articles',
      data: { title, author: authorId, _status: 'draft' },
      draft: true,
    })
  ).id

/** Queued as the admin panel's Schedule Publish queues it (`timezone` the zone picked). */
const schedule = (
  doc: { relationTo: 'articles' | 'pages'; value: number },
  at: Date,
  extra: { type?: 'publish' | 'unpublish'; timezone?: string } = {},
) =>
  payload.jobs.queue({
    task: 'schedulePublish',
    input: { type: extra.type ?? 'publish', doc, timezone: extra.timezone } as never,
    waitUntil: at,
  })

describe('the scheduled publication of articles and pages, as editors read them', () => {
  it('is on each scheduled article of a list, the earliest publication with its zone', async () => {
    const scheduled = await draftArticle('Scheduled for the morning')
    const unscheduled = await draftArticle('Not scheduled')
    const onlyUnpublish = await draftArticle('Only an unpublication')
    const morning = new Date(Date.now() + 86_400_000)
    const later = new Date(Date.now() + 2 * 86_400_000)
    await schedule({ relationTo: 'articles', value: scheduled }, later, { timezone: 'Asia/Tokyo' })
    await schedule({ relationTo: 'articles', value: scheduled }, morning, {
      timezone: 'Europe/Berlin',
    })
    await schedule({ relationTo: 'articles', value: onlyUnpublish }, morning, {
      type: 'unpublish',
    })

    const list = await payload.find({
      collection: 'articles',
      draft: true,
      user: editor,
      overrideAccess: false,
      where: { id: { in: [scheduled, unscheduled, onlyUnpublish] } },
    })
    const shown = Object.fromEntries(
      list.docs.map((doc) => [
        doc.id,
        (doc as { scheduledPublication?: unknown }).scheduledPublication,
      ]),
    )
    expect(shown).toEqual({
      [scheduled]: { at: morning, timeZone: 'Europe/Berlin' },
      [unscheduled]: null,
      [onlyUnpublish]: null,
    })

    const one = await payload.findByID({
      collection: 'articles',
      id: scheduled,
      draft: true,
      user: editor,
      overrideAccess: false,
    })
    expect((one as { scheduledPublication?: unknown }).scheduledPublication).toEqual({
      at: morning,
      timeZone: 'Europe/Berlin',
    })
  })

  it('is on a scheduled page, with no zone when none was picked (the site zone applies)', async () => {
    const page = await payload.create({
      collection: 'pages',
      data: { title: 'Opening hours', _status: 'draft' },
      draft: true,
    })
    const at = new Date(Date.now() + 3_600_000)
    await schedule({ relationTo: 'pages', value: page.id }, at)
    const read = await payload.findByID({
      collection: 'pages',
      id: page.id,
      draft: true,
      user: editor,
      overrideAccess: false,
    })
    expect((read as { scheduledPublication?: unknown }).scheduledPublication).toEqual({
      at,
      timeZone: null,
    })
  })

  it('is not shown to a reader who is not an editor', async () => {
    const published = await payload.create({
      collection: 'articles',
      data: {
        title: 'Already out',
        slug: `already-out-${Date.now()}`,
        author: authorId,
        _status: 'published',
      },
    })
    await schedule({ relationTo: 'articles', value: published.id }, new Date(Date.now() + 60_000))
    const customer = await payload.create({
      collection: 'users',
      data: { email: 'reader@example.com', password: 'reader-password', role: 'customer' },
    })
    const read = await payload.findByID({
      collection: 'articles',
      id: published.id,
      user: customer,
      overrideAccess: false,
    })
    expect(read.title).toBe('Already out')
    expect(read).not.toHaveProperty('scheduledPublication')
  })

  it("is queued in the site's zone when the API schedules it", async () => {
    // The v1 API's publish_at queues the job Schedule Publish queues; the admin panel lists the
    // zone beside its time (the site's: the API's time carries its own offset).
    const at = new Date(Date.now() + 3_600_000)
    const created = await restJson('POST', '/api/v1/articles', {
      headers: await signedInAs(payload, 'editor'),
      body: {
        title: 'Through the API',
        slug: 'through-the-api',
        author_id: authorId,
        publish_at: at.toISOString(),
      },
    })
    expect(created.status).toBe(201)
    const read = await payload.findByID({
      collection: 'articles',
      id: created.body.data.id,
      draft: true,
      user: editor,
      overrideAccess: false,
    })
    expect((read as { scheduledPublication?: unknown }).scheduledPublication).toEqual({
      at,
      timeZone: 'Europe/Berlin',
    })
  })
})
