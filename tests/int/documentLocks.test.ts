import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { consumerWithKey, userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'

// Payload's document locks (`payload-locked-documents`) make the next save of a locked document
// answer 423 "currently locked by another user". Their collection kept Payload's default access:
// a customer who signed up could lock any article in an editor's name or its own, and an API
// key could list which documents, drafts included, were being edited and by whom.

let payload: Payload
let editor: { user: { id: number }; token: string }
let otherEditor: { user: { id: number }; token: string }
let customer: { user: { id: number }; token: string }
let consumerKey: string

const bearer = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` })

async function article() {
  const author = await payload.create({ collection: 'authors', data: { name: 'Lock author' } })
  return payload.create({
    collection: 'articles',
    draft: true,
    data: { title: 'Unannounced', slug: `unannounced-${author.id}`, author: author.id },
  })
}

beforeAll(async () => {
  payload = await getTestPayload()
  editor = await userWithToken(payload, 'editor')
  otherEditor = await userWithToken(payload, 'editor')
  customer = await userWithToken(payload, 'customer')
  consumerKey = (await consumerWithKey(payload)).apiKey
})

describe('a lock written by someone outside the editors', () => {
  it('is refused to a customer, and the editor saves the article afterwards', async () => {
    const draft = await article()
    for (const user of [customer.user.id, editor.user.id]) {
      const lock = await restJson('POST', '/api/payload-locked-documents', {
        headers: bearer(customer),
        body: {
          document: { relationTo: 'articles', value: draft.id },
          user: { relationTo: 'users', value: user },
        },
      })
      expect(lock.status).toBe(403)
    }
    const save = await restJson('PATCH', `/api/articles/${draft.id}?draft=true`, {
      headers: bearer(editor),
      body: { title: 'Saved, not locked out' },
    })
    expect(save.status, JSON.stringify(save.body)).toBe(200)
  })

  it('tells an API key nothing about what is being edited', async () => {
    const draft = await article()
    await restJson('POST', '/api/payload-locked-documents', {
      headers: bearer(editor),
      body: { document: { relationTo: 'articles', value: draft.id } },
    })
    const listed = await restJson('GET', '/api/payload-locked-documents?depth=1', {
      headers: { 'x-api-key': consumerKey },
    })
    expect(listed.status).toBe(403)
    expect(JSON.stringify(listed.body)).not.toContain('Unannounced')
  })
})

describe('a lock an editor writes', () => {
  it('names the editor who wrote it, whoever the request names', async () => {
    const draft = await article()
    const lock = await restJson('POST', '/api/payload-locked-documents', {
      headers: bearer(editor),
      body: {
        document: { relationTo: 'articles', value: draft.id },
        user: { relationTo: 'users', value: otherEditor.user.id },
      },
    })
    expect(lock.status, JSON.stringify(lock.body)).toBe(201)
    const stored = await payload.findByID({
      collection: 'payload-locked-documents',
      id: lock.body.doc.id,
      depth: 0,
    })
    expect(stored.user).toEqual({ relationTo: 'users', value: editor.user.id })
  })

  it('is refused on a document the editor may not change (an API consumer)', async () => {
    const { consumer } = await consumerWithKey(payload, 'Admins only')
    const lock = await restJson('POST', '/api/payload-locked-documents', {
      headers: bearer(editor),
      body: { document: { relationTo: 'consumers', value: consumer.id } },
    })
    expect(lock.status).toBe(403)
  })
})
