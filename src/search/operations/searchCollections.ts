import type { Payload } from 'payload'

import { containsPattern } from '../containsPattern'
import { searchTargets, type SearchTargetName } from '../searchTargets'
import { postgres } from '@/db/transaction'

/** Records per collection, at most: search answers a handful, not pages. */
export const resultsPerCollection = 5

/** One hit: the collection it came from and its fields, named for the caller's API. */
export type SearchHit = { target: SearchTargetName; record: Record<string, unknown> }

/**
 * Case-insensitive partial matches of `query` in each target collection, at most five each,
 * newest first, in one round trip (a `UNION ALL` of one indexed query per collection). `%`, `_`
 * and `\` in the query match literally. Callers without the editor role find only what is
 * public: published articles and pages, active products.
 */
export async function searchCollections(args: {
  payload: Payload
  query: string
  targets: readonly SearchTargetName[]
  canSeeUnpublished: boolean
  naming: 'payload' | 'v1'
}): Promise<SearchHit[]> {
  if (!args.targets.length) return []
  const parts = args.targets.map((name) => {
    const target = searchTargets[name]
    const match = target.matchColumns.map((column) => `${column} ILIKE $1 ESCAPE '\\'`).join(' OR ')
    const visibility = args.canSeeUnpublished ? '' : ` AND ${target.publicCondition}`
    const record = target.fields
      .map((f) => `'${args.naming === 'v1' ? f.v1Name : f.name}', ${f.column}`)
      .join(', ')
    return `(SELECT '${name}' AS target, json_build_object(${record}) AS record
      FROM ${target.table} WHERE (${match})${visibility} ORDER BY id DESC LIMIT ${resultsPerCollection})`
  })
  const { rows } = await postgres(args.payload).pool.query<SearchHit>(parts.join(' UNION ALL '), [
    containsPattern(args.query),
  ])
  return rows
}
