import type { Payload } from 'payload'

import { presentImage } from '@/media/image'
import { findImages } from '@/media/operations/findImages'

import { containsPattern } from '../containsPattern'
import { searchTargets, type SearchTargetName } from '../searchTargets'
import { postgres, type TransactionDb } from '@/db/transaction'

/** Records per collection, at most: search answers a handful, not pages. */
export const resultsPerCollection = 5

/** One hit: the collection it came from and its fields, named for the caller's API. */
export type SearchHit = { target: SearchTargetName; record: Record<string, unknown> }

/**
 * Case-insensitive partial matches of `query` in each target collection, at most five each,
 * newest first, in one round trip (a `UNION ALL` of one indexed query per collection). `%`, `_`
 * and `\` in the query match literally. Callers without the editor role find only what is
 * public: published articles and pages, active products. Each hit carries its image (an
 * article's or page's cover, a product's first image) or `null`.
 */
export async function searchCollections(args: {
  payload: Payload
  query: string
  targets: readonly SearchTargetName[]
  canSeeUnpublished: boolean
  naming: 'payload' | 'v1'
  /** Where the caller reaches this deployment: image URLs are absolute. */
  serverUrl: string
}): Promise<SearchHit[]> {
  if (!args.targets.length) return []
  const parts = args.targets.map((name) => {
    const target = searchTargets[name]
    const match = target.matchColumns.map((column) => `${column} ILIKE $1 ESCAPE '\\'`).join(' OR ')
    const visibility = args.canSeeUnpublished ? '' : ` AND ${target.publicCondition}`
    const record = [
      ...target.fields.map((f) => `'${args.naming === 'v1' ? f.v1Name : f.name}', ${f.column}`),
      `'image', ${target.imageId}`,
    ].join(', ')
    return `(SELECT '${name}' AS target, json_build_object(${record}) AS record
      FROM ${target.table} WHERE (${match})${visibility} ORDER BY id DESC LIMIT ${resultsPerCollection})`
  })
  const { rows } = await postgres(args.payload).pool.query<SearchHit>(parts.join(' UNION ALL '), [
    containsPattern(args.query),
  ])
  // The hits' images in one more query, as the API shows them.
  const images = await findImages(
    postgres(args.payload).drizzle as unknown as TransactionDb,
    rows.map((hit) => hit.record.image as number),
  )
  for (const hit of rows) {
    const row = images.get(hit.record.image as number)
    hit.record.image = row ? presentImage(row, args.serverUrl) : null
  }
  return rows
}
