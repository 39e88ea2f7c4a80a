import type { CollectionAfterOperationHook } from 'payload'

import {
  findScheduledPublications,
  type ScheduledCollection,
} from '@/articles/operations/findSchedules'
import { documentsRead } from '@/db/documentsRead'
import { hasEditorRole } from '@/identity/roles'

type Doc = { id: number | string; scheduledPublication?: unknown }

/**
 * Puts on each document an editor reads its next scheduled publication, `scheduledPublication`
 * (`{ at, timeZone }`, or null), for the admin panel's list and document view to show
 * "Scheduled for ...": one query for a whole list, not one per row. Others read no schedule.
 */
export const showScheduledPublication =
  (collection: ScheduledCollection): CollectionAfterOperationHook =>
  async ({ operation, result, req }) => {
    if (!hasEditorRole(req.user)) return result
    const docs = documentsRead<Doc>(operation, result)
    if (docs.length === 0) return result
    const schedules = await findScheduledPublications({
      payload: req.payload,
      collection,
      ids: docs.map((doc) => doc.id),
    })
    for (const doc of docs) doc.scheduledPublication = schedules.get(String(doc.id)) ?? null
    return result
  }
