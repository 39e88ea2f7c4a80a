import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createAuthor } from '../helpers/articles'
import { consumerHeaders, userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'
import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink'

// Review stages on articles (review required, as a deployment has it by default): Draft → In
// review → Approved. Authors submit, editors approve and publish, admins may publish from any
// stage; a move e-mails the assignee (real SMTP on loopback, through the review notifier).

let payload: Payload
let smtp: SmtpSink
type Person = { headers: Record<string, string>; id: number; email: string }
let author: Person
let editor: Person
let admin: Person
let writerId: number

const person = async (role: 'author' | 'editor' | 'admin'): Promise<Person> => {
  const made = await userWithToken(payload, role)
  return { headers: { authorization: `Bearer ${made.token}` }, id: made.user.id, email: made.email }
}

beforeAll(async () => {
  smtp = await startSmtpSink()
  payload = await getTestPayload({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    REVIEW_REQUIRED_FOR: 'articles',
    REVIEW_NOTICE_INTERVAL_SECONDS: '0.2',
  })
  admin = await person('admin')
  author = await person('author')
  editor = await person('editor')
  writerId = await createAuthor(payload, 'Reviewed writer')
})

afterAll(async () => {
  await smtp?.close()
})

const save = (who: Person, id: number, body: Record<string, unknown>, draft = true) =>
  restJson('PATCH', `/api/articles/${id}${draft ? '?draft=true' : ''}`, {
    headers: who.headers,
    body,
  })

async function newDraft(title: string) {
  const created = await restJson('POST', '/api/articles?draft=true', {
    headers: author.headers,
    body: { title, slug: title.toLowerCase().replace(/\W+/g, '-'), author: writerId },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body.doc as { id: number; reviewStage: string }
}

const stored = async (id: number) =>
  (await payload.findByID({ collection: 'articles', id, draft: true, depth: 0 })) as {
    reviewStage?: string
    _status?: string
  }

describe('review stages', () => {
  it('take an article from the author to the editor, who is e-mailed, approves and publishes', async () => {
    const draft = await newDraft('Winter timetable')
    expect(draft.reviewStage).toBe('draft')

    const submitted = await save(author, draft.id, {
      reviewStage: 'in-review',
      assignee: editor.id,
    })
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)
    const mail = await smtp.waitFor((each) => each.to.includes(editor.email))
    expect(mail.subject).toContain('In review')
    expect(mail.raw).toContain('Winter timetable')
    expect(mail.raw).toContain(`/admin/collections/articles/${draft.id}`)

    const early = await save(editor, draft.id, { _status: 'published' }, false)
    expect(early.status).toBe(403)
    expect(JSON.stringify(early.body)).toContain('published from the stage \\"Approved\\" only')
    expect((await stored(draft.id))._status).toBe('draft')

    const selfApproved = await save(author, draft.id, { reviewStage: 'approved' })
    expect(selfApproved.status).toBe(403)
    expect(JSON.stringify(selfApproved.body)).toContain('Only editors move articles into')

    const approved = await save(editor, draft.id, { reviewStage: 'approved' })
    expect(approved.status).toBe(200)
    const published = await save(editor, draft.id, { _status: 'published' }, false)
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    expect(await stored(draft.id)).toMatchObject({ _status: 'published', reviewStage: 'approved' })
  })

  it('return an approved article to review when a change is saved to it', async () => {
    const draft = await newDraft('Spring menu')
    await save(author, draft.id, { reviewStage: 'in-review' })
    expect((await save(editor, draft.id, { reviewStage: 'approved' })).status).toBe(200)
    const changed = await save(author, draft.id, { title: 'Spring menu, with prices' })
    expect(changed.status).toBe(200)
    expect((await stored(draft.id)).reviewStage).toBe('in-review')
  })

  it("let an admin publish from any stage, and refuse a stage that is not the list's with 400", async () => {
    const draft = await newDraft('Urgent notice')
    const published = await save(admin, draft.id, { _status: 'published' }, false)
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    const unknown = await save(editor, draft.id, { reviewStage: 'done' })
    expect(unknown.status).toBe(400)
  })

  it('show in lists and filters where each draft stands, and to whom it is assigned', async () => {
    const draft = await newDraft('Harbour lights')
    await save(author, draft.id, { reviewStage: 'in-review', assignee: editor.id })
    const inReview = await restJson(
      'GET',
      `/api/articles?where[reviewStage][equals]=in-review&where[assignee][equals]=${editor.id}&depth=0&limit=100`,
      { headers: editor.headers },
    )
    expect(inReview.status).toBe(200)
    expect(inReview.body.docs.map((doc: { id: number }) => doc.id)).toContain(draft.id)
  })

  it('are read by the people who write, never by readers or API consumers', async () => {
    const draft = await newDraft('Quiet week')
    await save(author, draft.id, { reviewStage: 'in-review', assignee: editor.id })
    await save(editor, draft.id, { reviewStage: 'approved' })
    await save(editor, draft.id, { _status: 'published' }, false)
    const asEditor = await restJson('GET', `/api/articles/${draft.id}?depth=0`, {
      headers: editor.headers,
    })
    expect(asEditor.body).toMatchObject({ reviewStage: 'approved', assignee: editor.id })
    const customer = await userWithToken(payload, 'customer')
    for (const headers of [
      { authorization: `Bearer ${customer.token}` },
      await consumerHeaders(payload),
    ]) {
      const read = await restJson('GET', `/api/articles/${draft.id}?depth=0`, { headers })
      expect(read.status).toBe(200)
      expect(read.body).not.toHaveProperty('reviewStage')
      expect(read.body).not.toHaveProperty('assignee')
    }
  })

  it('are in the v1 article API, read-only, for the people who write and nobody else', async () => {
    const draft = await newDraft('Lantern festival')
    await save(author, draft.id, { reviewStage: 'in-review', assignee: editor.id })
    await save(editor, draft.id, { reviewStage: 'approved' })
    await save(editor, draft.id, { _status: 'published' }, false)
    // A newer draft, back in review (a change to an approved document returns it to review).
    await save(author, draft.id, { title: 'Lantern festival at night' })
    // Where the article stands is the document's: back in review, as Payload's REST says too.
    const shown = { review_stage: 'in-review', assignee_id: editor.id }
    const payloadRest = await restJson('GET', `/api/articles/${draft.id}?depth=0`, {
      headers: editor.headers,
    })
    expect(payloadRest.body).toMatchObject({ reviewStage: 'in-review', assignee: editor.id })
    for (const who of [author, editor, admin]) {
      const read = await restJson('GET', `/api/v1/articles/${draft.id}`, { headers: who.headers })
      expect(read.status, JSON.stringify(read.body)).toBe(200)
      expect(read.body.data).toMatchObject(shown)
      const list = await restJson('GET', `/api/v1/articles?per_page=100&sort=id&order=desc`, {
        headers: who.headers,
      })
      expect(list.body.data.find((each: { id: number }) => each.id === draft.id)).toMatchObject(
        shown,
      )
    }
    // The newest draft's stage with `draft=true`.
    const newest = await restJson('GET', `/api/v1/articles/${draft.id}?draft=true`, {
      headers: editor.headers,
    })
    expect(newest.body.data).toMatchObject({
      title: 'Lantern festival at night',
      review_stage: 'in-review',
      assignee_id: editor.id,
    })
    const customer = await userWithToken(payload, 'customer')
    for (const headers of [
      { authorization: `Bearer ${customer.token}` },
      await consumerHeaders(payload),
    ]) {
      const read = await restJson('GET', `/api/v1/articles/${draft.id}`, { headers })
      expect(read.status).toBe(200)
      expect(read.body.data).not.toHaveProperty('review_stage')
      expect(read.body.data).not.toHaveProperty('assignee_id')
      const list = await restJson('GET', `/api/v1/articles?per_page=100&sort=id&order=desc`, {
        headers,
      })
      const listed = list.body.data.find((each: { id: number }) => each.id === draft.id)
      expect(listed).toBeDefined()
      expect(listed).not.toHaveProperty('review_stage')
      expect(listed).not.toHaveProperty('assignee_id')
    }
    // Sent back through v1 (a read edited and written back): ignored, the stage and the assignee
    // as they were.
    for (const body of [
      { excerpt: 'Edited', review_stage: 'approved' },
      { excerpt: 'Edited again', assignee_id: author.id },
    ]) {
      const written = await restJson('PATCH', `/api/v1/articles/${draft.id}?draft=true`, {
        headers: editor.headers,
        body,
      })
      expect(written.status, JSON.stringify(written.body)).toBe(200)
      expect(written.body.data).toMatchObject({ excerpt: body.excerpt })
    }
    const after = await restJson('GET', `/api/v1/articles/${draft.id}?draft=true`, {
      headers: editor.headers,
    })
    expect(after.body.data).toMatchObject({ review_stage: 'in-review', assignee_id: editor.id })
  })

  it('are on the audit trail: who moved which article into which stage', async () => {
    const draft = await newDraft('Ferry strike')
    await save(author, draft.id, { reviewStage: 'in-review' })
    const { docs } = await payload.find({
      collection: 'audit-log',
      where: {
        targetCollection: { equals: 'articles' },
        targetId: { equals: String(draft.id) },
        user: { equals: author.id },
      },
      limit: 20,
    })
    expect(JSON.stringify(docs.map((entry) => entry.changes))).toContain('in-review')
  })
})
