/**
 * The documented set of `error.code` values of the resource envelope
 * (`{ error: { code, message } }`), each with the HTTP status it always travels with.
 * Integrators switch on `code`; the message is for humans and may change.
 */
export const errorCodes = {
  /** The request is malformed: a missing or invalid parameter, body or header. */
  bad_request: 400,
  /** A field of the body failed validation; `details` names the fields. */
  validation_failed: 400,
  /** No credentials, or credentials that are unknown, expired or tampered with. */
  unauthorized: 401,
  /** Valid credentials without the permission the operation needs. */
  forbidden: 403,
  /** The resource does not exist, or is not visible to the caller. */
  not_found: 404,
  /** The method is not served on this path. */
  method_not_allowed: 405,
  /** The change conflicts with the current state: a duplicate unique value, stock exhausted. */
  conflict: 409,
  /** The resource changed after the time the request's `If-Unmodified-Since` names. */
  precondition_failed: 412,
  /** The request body is larger than the limit (`MAX_BODY_BYTES`). */
  payload_too_large: 413,
  /** The request body is not declared `application/json`. */
  unsupported_media_type: 415,
  /** The request is well-formed but refers to something that does not exist or is inactive. */
  unprocessable_entity: 422,
  /** Too many requests in the current window; see `Retry-After`. */
  rate_limited: 429,
  /** The server failed; the request may be retried. */
  internal_error: 500,
  /** A service the operation depends on (such as the payment provider) failed. */
  bad_gateway: 502,
} as const

export type ErrorCode = keyof typeof errorCodes

/** What each code means, for integrators (the API reference lists them per answer). */
export const errorCodeMeanings: Record<ErrorCode, string> = {
  bad_request: 'The request is malformed (a parameter, the body or a header).',
  validation_failed: 'A field failed validation; `details` names each field.',
  unauthorized: 'No credentials, or credentials that are unknown, expired or tampered with.',
  forbidden: 'Valid credentials without the permission the operation needs.',
  not_found: 'The resource does not exist, or is not visible to the caller.',
  method_not_allowed: 'The method is not served on this path.',
  conflict: 'The change conflicts with the current state (a duplicate value, stock exhausted).',
  precondition_failed:
    'The resource changed after `If-Unmodified-Since` (someone else saved it, or the service disabled it): read it again.',
  payload_too_large:
    'The request body is larger than the limit (`MAX_BODY_BYTES`, 1 MB by default).',
  unsupported_media_type:
    'The request body is not declared JSON: send it with `Content-Type: application/json`.',
  unprocessable_entity: 'The request refers to something that does not exist or is inactive.',
  rate_limited: 'Too many requests in the current window; retry after `Retry-After` seconds.',
  internal_error: 'The server failed; the request may be retried.',
  bad_gateway: 'A service the operation depends on (the payment provider) failed.',
}

/** One field-level problem, reported in `details` of the resource envelope. */
export type FieldError = {
  /** Dotted path of the offending field, e.g. `items.0.quantity`. */
  field: string
  /** What is wrong with it. */
  message: string
}

/**
 * An error that already knows how it is answered: endpoints throw it and the HTTP layer turns
 * it into the envelope of the endpoint's family.
 */
export class HttpError extends Error {
  readonly status: number
  readonly code: ErrorCode
  readonly details?: FieldError[]
  /** Extra top-level members of the body, e.g. `invalid_events` of the webhook API. */
  readonly extra?: Record<string, unknown>
  readonly headers?: Record<string, string>

  constructor(args: {
    code: ErrorCode
    message: string
    details?: FieldError[]
    extra?: Record<string, unknown>
    headers?: Record<string, string>
  }) {
    super(args.message)
    this.name = 'HttpError'
    this.code = args.code
    this.status = errorCodes[args.code]
    this.details = args.details
    this.extra = args.extra
    this.headers = args.headers
  }
}

export const badRequest = (message: string, details?: FieldError[]) =>
  new HttpError({ code: details ? 'validation_failed' : 'bad_request', message, details })
export const unauthorized = (message = 'Authentication required') =>
  new HttpError({ code: 'unauthorized', message })
export const forbidden = (message = 'You are not allowed to perform this action') =>
  new HttpError({ code: 'forbidden', message })
export const notFound = (message = 'Not found') => new HttpError({ code: 'not_found', message })
export const conflict = (message: string) => new HttpError({ code: 'conflict', message })
