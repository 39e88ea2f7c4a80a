/**
 * How the admin panel says when a document is scheduled to be published: the date and time in
 * the zone it was scheduled in (the site's, `CONTENT_TIME_ZONE`, when the schedule names none),
 * and that zone, as in "Scheduled for 28 Nov 2026, 09:00 (Europe/Berlin)". Pure.
 */
export function scheduledForText(args: {
  at: Date
  timeZone: string | null
  siteTimeZone: string
}) {
  const timeZone = args.timeZone || args.siteTimeZone
  const when = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(args.at)
  return `Scheduled for ${when} (${timeZone})`
}
