import { z } from 'zod'

import { unknownEventTypesBody } from '@/webhooks/contracts/subscriptions'
import type { ResponseDocs } from '@/openapi/operation'
import { UnknownEventTypesError } from '@/webhooks/operations/assertEventTypesActive'

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
