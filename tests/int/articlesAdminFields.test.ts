import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { userWithToken, type UserWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'

let payload: Payload
let editor: UserWithToken
let authorId: number

beforeAll(async () => {
  payload = await getTestPayload()
  editor = await userWithToken(payload, 'editor')
  authorId = (await payload.create({ collection: 'authors', data: { name: 'Slug Author' } })).id
})

// What the admin panel sends: Payload's own REST, as an editor.
const save = (data: Record<string, unknown>) =>
  restJson('POST', '/api/articles', {
    headers: { authorization: `Bearer ${editor.token}` },
    body: { status: 'draft', author: authorId, ...data },
  })

describe('an article saved without a slug', () => {
  it('gets one from its title', async () => {
    const saved = await save({ title: 'Crème Brûlée at Home, 2nd Edition' })
    expect(saved.status).toBe(201)
    expect(saved.body.doc.slug).toBe('creme-brulee-at-home-2nd-edition')
  })

  it('keeps the slug it was given', async () => {
    const saved = await save({ title: 'Another title', slug: 'my-own-slug' })
    expect(saved.body.doc.slug).toBe('my-own-slug')
  })

  it('is refused, naming the slug, when the title gives none', async () => {
    const saved = await save({ title: 'Пельмени' })
    expect(saved.status).toBe(400)
    expect(JSON.stringify(saved.body)).toMatch(/slug/i)
  })
})
