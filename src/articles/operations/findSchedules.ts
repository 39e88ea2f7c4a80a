import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'

/** A collection whose documents Payload's `schedulePublish` jobs publish and unpublish. */
export type ScheduledCollection = 'articles' | 'pages'

/** A scheduled publication: when, and the zone it was set in (none when set through the API). */
export type ScheduledPublication = { at: Date; timeZone: string | null }

/**
 * The one definition of a pending scheduled publication (`publish`) or unpublication: a job of
 * Payload's queue (`payload_jobs` aliased `j`) for a document of `collection` whose id (as text)
 * `documentId` matches, not yet run and not failed. The admin panel's "Schedule Publish" and
 * the API's `publish_at`/`unpublish_at` both queue one.
 */
export const pendingScheduleSql = (args: {
  collection: ScheduledCollection
  type: 'publish' | 'unpublish'
  documentId: (column: string) => string
}) => `j.task_slug = 'schedulePublish'
    AND j.completed_at IS NULL AND NOT coalesce(j.has_error, false)
    AND j.input->'doc'->>'relationTo' = '${args.collection}'
    AND ${args.documentId(`j.input->'doc'->>'value'`)}
    AND coalesce(j.input->>'type', 'publish') = '${args.type}'`

/**
 * The next scheduled publication of each of `ids` in `collection` that has one, in one query
 * (the admin panel's list asks for a whole page at once).
 */
export async function findScheduledPublications(args: {
  payload: Payload
  collection: ScheduledCollection
  ids: readonly (number | string)[]
}): Promise<Map<string, ScheduledPublication>> {
  const schedules = new Map<string, ScheduledPublication>()
  if (args.ids.length === 0) return schedules
  const condition = pendingScheduleSql({
    collection: args.collection,
    type: 'publish',
    documentId: (column) => `${column} = ANY($1::text[])`,
  })
  const { rows } = await postgres(args.payload).pool.query<{
    id: string
    at: Date
    time_zone: string | null
  }>(
    `SELECT DISTINCT ON (j.input->'doc'->>'value') j.input->'doc'->>'value' AS id,
       j.wait_until AS at, j.input->>'timezone' AS time_zone
     FROM payload_jobs j WHERE ${condition}
     ORDER BY j.input->'doc'->>'value', j.wait_until`,
    [args.ids.map(String)],
  )
  for (const row of rows) schedules.set(row.id, { at: row.at, timeZone: row.time_zone })
  return schedules
}
