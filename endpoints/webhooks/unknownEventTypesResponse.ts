import { z } from 'zod'

import type { ResponseDocs } from '@/openapi/operation'
import { UnknownEventTypesError } from '@/webhooks/operations/assertEventTypesActive'

/** The 422 of create and update: the unknown or inactive names, beside the message. */
export const unknownEventTypesBody = z
  .object({
    error: z.string(),
    invalid_events: z.array(z.string()).describe('The names that are unknown or inactive'),
  })
  .meta({ id: 'UnknownEventTypes' })

export const unknownEventTypesResponse: ResponseDocs = {
  description: 'Some `events` are not active event types; nothing was changed',
  schema: unknownEventTypesBody,
}

/**
 * Runs `work`, answering unknown or inactive event types with 422 and exactly the body
 * `{ error: <string>, invalid_events: [...] }`, which differs from the resource envelope
 * every other error of the webhook API uses.
 */
export async function answeringUnknownEventTypes(work: () => Promise<Response>) {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof UnknownEventTypesError)) throw error
    return Response.json(
      {
        error: error.message,
        invalid_events: error.invalidEvents,
      } satisfies z.infer<typeof unknownEventTypesBody>,
      { status: 422 },
    )
  }
}
