import type { DefaultServerCellComponentProps } from 'payload'

import type { ScheduledPublication } from '@/articles/operations/findSchedules'
import { scheduledForText } from '@/articles/scheduleText'
import { configOf } from '@/config/appConfig'

/**
 * The list column of an article's or page's next scheduled publication, "Scheduled for <time>
 * (<zone>)", from `scheduledPublication` (put on every row of the page by one query, see
 * `showScheduledPublication`); empty when none is scheduled.
 */
export function ScheduledPublicationCell({ rowData, payload }: DefaultServerCellComponentProps) {
  // No row when Payload draws the column for its own use (column picker, empty table).
  const schedule = (rowData as { scheduledPublication?: ScheduledPublication | null } | undefined)
    ?.scheduledPublication
  if (!schedule) return null
  return (
    <span>
      {scheduledForText({
        at: new Date(schedule.at),
        timeZone: schedule.timeZone,
        siteTimeZone: configOf(payload).content.timeZone,
      })}
    </span>
  )
}
