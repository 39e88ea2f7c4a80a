import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seed } from '../../seed'
import { consumerHeaders } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'

// Issue 51's seven queries on the demo data (`npm run seed`): what a person expects first.
const cases = [
  { q: 'enamel mug', locale: 'en', expected: 'Enamel Mug' },
  { q: 'mug enamel', locale: 'en', expected: 'Enamel Mug' },
  { q: 'mugs', locale: 'en', expected: 'Enamel Mug' },
  { q: 'enamle', locale: 'en', expected: 'Enamel Mug' },
  { q: 'кружка', locale: 'ru', expected: 'Эмалированная кружка' },
  { q: 'кружки', locale: 'ru', expected: 'Эмалированная кружка' },
  { q: 'Эмалированные кружки', locale: 'ru', expected: 'Эмалированная кружка' },
]

let payload: Payload
let consumer: Record<string, string>
const mediaDirectory = await mkdtemp(path.join(os.tmpdir(), 'search-demo-media-'))

beforeAll(async () => {
  payload = await getTestPayload({ MEDIA_DIRECTORY: mediaDirectory })
  await seed(payload)
  consumer = await consumerHeaders(payload)
})

afterAll(async () => {
  await rm(mediaDirectory, { recursive: true, force: true })
})

type Hit = { _collection: string; name?: string; _highlight: { title: string } }

describe('search on the demo data', () => {
  it.each(cases)('GET /api/search?q=$q&locale=$locale finds $expected first', async (c) => {
    const response = await restJson(
      'GET',
      `/api/search?type=all&locale=${c.locale}&q=${encodeURIComponent(c.q)}`,
    )
    expect(response.status).toBe(200)
    const products = (response.body.docs as Hit[]).filter((hit) => hit._collection === 'products')
    expect(products[0]?.name).toBe(c.expected)
    expect(products[0]?._highlight.title).toContain('<mark>')
    expect(response.body.counts.products).toBeGreaterThanOrEqual(1)
  })

  it.each(cases)('GET /api/v1/search?q=$q&locale=$locale finds $expected first', async (c) => {
    const response = await restJson(
      'GET',
      `/api/v1/search?collections=articles,products,pages&locale=${c.locale}&q=${encodeURIComponent(c.q)}`,
      { headers: consumer },
    )
    expect(response.status).toBe(200)
    const products = (response.body.data as Hit[]).filter((hit) => hit._collection === 'products')
    expect(products[0]?.name).toBe(c.expected)
  })
})
