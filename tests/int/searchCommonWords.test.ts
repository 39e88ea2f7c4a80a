import { beforeAll, describe, expect, it } from 'vitest'

import { refreshSearchEntries } from '@/search/operations/refreshSearchEntries'
import type { TransactionDb } from '@/db/transaction'
import { articlesSetUp } from '../helpers/articlesSetUp'
import { restJson } from '../helpers/rest'

const { payload } = articlesSetUp({ author: 'Common words' })

/** Products inserted by SQL (a thousand through the Local API would take minutes), indexed. */
async function insertProducts(rows: { name: string; description: string; active: boolean }[]) {
  const pool = payload().db.pool
  const { rows: ids } = await pool.query<{ id: number }>(
    `WITH inserted AS (
       INSERT INTO products (slug, price, stock, active, created_at, updated_at)
       SELECT 'common-' || n || '-' || md5(random()::text), 5, 1, a, now(), now()
       FROM unnest($1::boolean[]) WITH ORDINALITY AS u(a, n) ORDER BY n
       RETURNING id)
     SELECT id FROM inserted ORDER BY id`,
    [rows.map((row) => row.active)],
  )
  await pool.query(
    `INSERT INTO products_locales (name, description, _locale, _parent_id)
     SELECT name, description, 'en', id
     FROM unnest($1::text[], $2::text[], $3::integer[]) AS u(name, description, id)`,
    [rows.map((row) => row.name), rows.map((row) => row.description), ids.map((row) => row.id)],
  )
  await refreshSearchEntries({
    db: payload().db.drizzle as unknown as TransactionDb,
    target: 'products',
    locales: ['en', 'ru'],
    ids: ids.map((row) => row.id),
  })
  return ids.map((row) => row.id)
}

let titled: number[] = []
let described: number[] = []
let inactive: number[] = []

beforeAll(async () => {
  // Oldest first: 1,010 products with "walnut" in the name, then three newer with it in the
  // description only, then two newer still that are inactive. Over 1,000 matches: the tiers
  // are walked (docs/search.md, "Best first"), not ranked from the gathered matches.
  titled = await insertProducts(
    Array.from({ length: 1010 }, (_, index) => ({
      name: `Walnut tray ${index}`,
      description: 'Plain',
      active: true,
    })),
  )
  described = await insertProducts(
    Array.from({ length: 3 }, (_, index) => ({
      name: `Tray ${index}`,
      description: 'Made of walnut',
      active: true,
    })),
  )
  inactive = await insertProducts(
    Array.from({ length: 2 }, (_, index) => ({
      name: `Walnut box ${index}`,
      description: 'Retired',
      active: false,
    })),
  )
}, 120_000)

const ids = (body: { docs: { id: number }[] }) => body.docs.map((doc) => doc.id)

describe('a word in more than 1,000 documents', () => {
  it('answers the newest title matches first, outsiders never the inactive, counted as 1,000', async () => {
    const response = await restJson('GET', '/api/search?q=walnut&type=products')
    expect(response.status).toBe(200)
    expect(ids(response.body)).toEqual(titled.slice(-5).reverse())
    expect(response.body.counts).toEqual({ products: 1000 })
    expect(response.headers.get('x-search-counts')).toBe('products=1000')
    expect(ids(response.body)).not.toContain(inactive[0])
    expect(ids(response.body)).not.toContain(described[0])
  })

  it('ranks a partial match of a common substring newest first, visible ones only', async () => {
    // "alnu" is no word: every match is partial (the last tier), 1,013 visible.
    const response = await restJson('GET', '/api/search?q=alnu&type=products')
    expect(ids(response.body)).toEqual([...titled, ...described].slice(-5).reverse())
    expect(response.body.counts).toEqual({ products: 1000 })
  })
})
