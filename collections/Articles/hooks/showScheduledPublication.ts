import type { CollectionAfterOperationHook } from 'payload'

import {
  findScheduledPublications,
  type ScheduledCollection,
} from '@/articles/operations/findSchedules'
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
    if (!hasEditorRole(req.user) || !result) return result
    let docs: Doc[] = []
    if (operation === 'find') docs = (result as { docs: Doc[] }).docs
    else if (operation === 'findByID') docs = [result as Doc]
    if (docs.length === 0) return result
    const schedules = await findScheduledPublications({
      payload: req.payload,
      collection,
      ids: docs.map((doc) => doc.id),
    })
    for (const doc of docs) doc.scheduledPublication = schedules.get(String(doc.id)) ?? null
    return result
  }
