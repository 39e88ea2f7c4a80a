'use client'

import { formatDateTime } from '@/text/dateTimeFormat'

/**
 * A time in the one date format, written in the reader's browser (its time zone), where a
 * server component would write the server's: the admin's attempt log.
 */
export function LocalTime({ iso }: { iso: string }) {
  return (
    // The server's zone may differ from the reader's: the browser's text wins.
    <time dateTime={iso} suppressHydrationWarning>
      {formatDateTime(iso)}
    </time>
  )
}
