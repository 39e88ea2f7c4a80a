import type { FieldError, HttpError } from './errors'

/**
 * The three error envelopes of the API, one per endpoint family:
 * - `resource`: `/api/v1/...` and the webhook API, `{ error: { code, message, details? } }`;
 * - `custom`: checkout (guest), contact, search, `{ error: "<message>" }`;
 * - `errors`: the authenticated-style endpoints (authenticated checkout, sales report),
 *   `{ errors: [{ message }] }`, the shape of Payload's own REST errors.
 */
export type ErrorFamily = 'resource' | 'custom' | 'errors'

export function errorBody(family: ErrorFamily, error: HttpError): Record<string, unknown> {
  switch (family) {
    case 'resource':
      return {
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
        ...error.extra,
      }
    case 'custom':
      return { error: error.message, ...error.extra }
    case 'errors':
      return { errors: describeDetails(error.message, error.details), ...error.extra }
  }
}

function describeDetails(message: string, details: FieldError[] | undefined) {
  if (!details?.length) return [{ message }]
  return details.map((detail) => ({ message: `${detail.field}: ${detail.message}` }))
}
