import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { seed } from '../../seed'
import { seedCredentials } from '../../seed/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'

let payload: Payload

beforeAll(async () => {
  payload = await getTestPayload()
})

describe('npm run seed', () => {
  it('creates the demo accounts and content, and running it again changes nothing', async () => {
    await seed(payload)
    const count = async () => ({
      users: (await payload.count({ collection: 'users' })).totalDocs,
      consumers: (await payload.count({ collection: 'consumers' })).totalDocs,
      authors: (await payload.count({ collection: 'authors' })).totalDocs,
      tags: (await payload.count({ collection: 'tags' })).totalDocs,
      articles: (await payload.count({ collection: 'articles' })).totalDocs,
      pages: (await payload.count({ collection: 'pages' })).totalDocs,
      drafts: (
        await payload.count({ collection: 'articles', where: { status: { equals: 'draft' } } })
      ).totalDocs,
      pendingComments: (
        await payload.count({ collection: 'comments', where: { status: { equals: 'pending' } } })
      ).totalDocs,
    })
    const first = await count()
    expect(first).toEqual({
      users: 2,
      consumers: 1,
      authors: 4,
      tags: 6,
      articles: 50,
      pages: 4,
      drafts: 10,
      pendingComments: expect.any(Number),
    })
    expect(first.pendingComments).toBeGreaterThan(0)
    await seed(payload)
    expect(await count()).toEqual(first)
  })

  it('gives the seeded admin, editor and consumer working credentials', async () => {
    const credentials = seedCredentials()
    for (const [email, password, role] of [
      [credentials.adminEmail, credentials.adminPassword, 'admin'],
      [credentials.editorEmail, credentials.editorPassword, 'editor'],
    ]) {
      const login = await restJson('POST', '/api/users/login', { body: { email, password } })
      expect(login.status).toBe(200)
      expect(login.body.user.role).toBe(role)
    }
    const me = await restJson('GET', '/api/v1/me', {
      headers: { 'x-api-key': credentials.consumerApiKey },
    })
    expect(me.body.data).toMatchObject({ type: 'consumer', name: 'Demo integration' })
  })
})
