import type { Payload } from 'payload'

import {
  findScheduledPublications,
  type ScheduledCollection,
} from '@/articles/operations/findSchedules'
import { configOf } from '@/config/appConfig'
import { ScheduledPublicationLine } from './ScheduledPublicationLine'

/**
 * Beside the status of an article or page ("Status: Draft"), when its publication is scheduled:
 * "Scheduled for <time> (<zone>)". Read when the page is drawn; the line reads it again when
 * the editor closes the Schedule Publish drawer.
 */
export async function ScheduledPublicationNotice({
  id,
  payload,
  collection,
}: {
  id?: number | string
  payload: Payload
  collection: ScheduledCollection
}) {
  const schedule =
    id === undefined
      ? undefined
      : (await findScheduledPublications({ payload, collection, ids: [id] })).get(String(id))
  return (
    <ScheduledPublicationLine
      collection={collection}
      initial={schedule ? { at: schedule.at.toISOString(), timeZone: schedule.timeZone } : null}
      siteTimeZone={configOf(payload).content.timeZone}
    />
  )
}
