import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { consumerWithKey, userWithToken, signedInAs } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'

// The admin panel keeps each person's preferences (columns, open groups) through Payload's
// `/api/payload-preferences/:key` routes, which Payload serves without the collection's access:
// any caller with credentials could store anything there, and its DELETE answered 500.

let payload: Payload
let editor: Record<string, string>
let otherEditor: Record<string, string>

beforeAll(async () => {
  payload = await getTestPayload()
  editor = await signedInAs(payload, 'editor')
  otherEditor = await signedInAs(payload, 'editor')
})

describe("an editor's preferences", () => {
  it('are kept, read back, and deleted by their owner only', async () => {
    const path = '/api/payload-preferences/articles-list'
    const saved = await restJson('POST', path, { headers: editor, body: { value: { limit: 25 } } })
    expect(saved.status).toBe(200)
    expect((await restJson('GET', path, { headers: editor })).body.value).toEqual({ limit: 25 })
    // Another editor has none of that key, and cannot delete the first one's.
    expect((await restJson('GET', path, { headers: otherEditor })).body.value).toBeNull()
    expect((await restJson('DELETE', path, { headers: otherEditor })).status).toBe(404)
    const deleted = await restJson('DELETE', path, { headers: editor })
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    expect((await restJson('GET', path, { headers: editor })).body.value).toBeNull()
  })

  it('are no place for a customer or an API key to store anything', async () => {
    const customer = { authorization: `Bearer ${(await userWithToken(payload, 'customer')).token}` }
    const key = { 'x-api-key': (await consumerWithKey(payload)).apiKey }
    for (const headers of [customer, key]) {
      const path = '/api/payload-preferences/anything'
      expect(
        (await restJson('POST', path, { headers, body: { value: 'x'.repeat(1000) } })).status,
      ).toBe(403)
      expect((await restJson('GET', path, { headers })).status).toBe(403)
      expect((await restJson('DELETE', path, { headers })).status).toBe(403)
    }
    expect(
      await payload.count({
        collection: 'payload-preferences',
        where: { key: { equals: 'anything' } },
      }),
    ).toEqual({ totalDocs: 0 })
  })
})
