/** Who or what sent an attempt, as people read it in the portal, the admin panel and the API. */
export const attemptTriggers = ['scheduled', 'manual', 'test'] as const

/**
 * `test`: the first attempt of a test event, sent by "Send test event" or on an endpoint's
 * creation; `manual`: asked for by hand (retry, send again, bulk replay, recover, send now);
 * `scheduled`: the retry schedule (a test's later attempts too, when its first failed).
 */
export type AttemptTrigger = (typeof attemptTriggers)[number]

/**
 * The trigger of attempt number `attempt` of a delivery: the attempt log keeps whether a person
 * asked for it (`isManual`), the event log whether its event is a test (`isTest`); a test's
 * first attempt goes out because someone asked for a test, never by the schedule.
 */
export function attemptTrigger(args: {
  isManual: boolean
  isTest: boolean
  attempt: number
}): AttemptTrigger {
  if (args.isManual) return 'manual'
  return args.isTest && args.attempt === 1 ? 'test' : 'scheduled'
}
