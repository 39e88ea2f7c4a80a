import { UnknownEventTypesError } from '../../webhooks/operations/assertEventTypesActive'

/**
 * Runs `work`, answering unknown event types with the spec's exact 422 body
 * `{ error: <string>, invalid_events: [...] }` (create rule 1), which differs from the
 * resource envelope every other error of the webhook API uses.
 */
export async function answeringUnknownEventTypes(work: () => Promise<Response>) {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof UnknownEventTypesError)) throw error
    return Response.json(
      { error: error.message, invalid_events: error.invalidEvents },
      { status: 422 },
    )
  }
}
