import { APIError, Forbidden, NotFound, UnauthorizedError, ValidationError } from 'payload'

import { HttpError, type ErrorCode } from './errors'

const codeByStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  422: 'unprocessable_entity',
  429: 'rate_limited',
  502: 'bad_gateway',
}

/**
 * Maps anything thrown while serving a request to the error it is answered with. Payload's own
 * errors keep their status; a unique-constraint violation is a 409; a reference to a missing
 * record is a 422 (from Payload's validation or PostgreSQL's constraints alike); whatever else is
 * a 500 whose details stay in the log.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error
  if (error instanceof ValidationError) return fromValidationError(error)
  if (error instanceof UnauthorizedError) {
    return new HttpError({ code: 'unauthorized', message: error.message })
  }
  if (error instanceof Forbidden) {
    return new HttpError({ code: 'forbidden', message: error.message })
  }
  if (error instanceof NotFound) return new HttpError({ code: 'not_found', message: error.message })
  if (error instanceof APIError && error.status < 500) {
    return new HttpError({
      code: codeByStatus[error.status] ?? 'bad_request',
      message: error.message,
    })
  }
  const fromDatabase = databaseInputError(error)
  if (fromDatabase) return new HttpError(fromDatabase)
  return new HttpError({ code: 'internal_error', message: 'Internal server error' })
}

/** Constraint violations that reach the database despite validation (races, Local API writes). */
const postgresErrors: Record<string, { code: ErrorCode; message: string }> = {
  '23505': { code: 'conflict', message: 'A record with the same unique value already exists' },
  '23503': { code: 'unprocessable_entity', message: 'A referenced record does not exist' },
  '23514': { code: 'validation_failed', message: 'A value is outside its allowed range' },
  '22P02': { code: 'bad_request', message: 'A value has the wrong format' },
  '22021': { code: 'bad_request', message: 'A text value holds a character that cannot be stored' },
  '22003': { code: 'bad_request', message: 'A number is out of range' },
  '22007': { code: 'bad_request', message: 'A date or time has the wrong format' },
  '22008': { code: 'bad_request', message: 'A date or time is out of range' },
}

/**
 * The answer to a PostgreSQL error caused by the request's input, or `undefined` for any other
 * error. The input layer refuses such input first; this is the last line, for every path that
 * reaches the database (Payload's own REST and GraphQL included): any data exception (SQLSTATE
 * class 22) is the caller's bad value, never a 500.
 */
export function databaseInputError(
  error: unknown,
): { code: ErrorCode; message: string } | undefined {
  const code = postgresErrorCode(error)
  if (!code) return undefined
  return (
    postgresErrors[code] ??
    (code.startsWith('22')
      ? { code: 'bad_request', message: 'A value is out of range or has the wrong format' }
      : undefined)
  )
}

/** The SQLSTATE of a PostgreSQL error, wherever it sits in the chain of causes. */
function postgresErrorCode(error: unknown): string | undefined {
  let current = error
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    const { cause, originalError } = current as { cause?: unknown; originalError?: unknown }
    current = cause ?? originalError
  }
  return undefined
}

// Payload's English messages (its only configured language) for the two cases.
const uniqueMessage = /must be unique|already registered/i
const invalidRelationMessage = /invalid selection|invalid relationship/i

function fromValidationError(error: ValidationError): HttpError {
  const fieldErrors = error.data.errors
  const details = fieldErrors.map((fieldError) => ({
    field: fieldError.path,
    message: fieldError.message,
  }))
  const message = `Invalid input: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`
  if (fieldErrors.length && fieldErrors.every((e) => uniqueMessage.test(e.message))) {
    return new HttpError({ code: 'conflict', message, details })
  }
  if (fieldErrors.length && fieldErrors.every((e) => invalidRelationMessage.test(e.message))) {
    return new HttpError({ code: 'unprocessable_entity', message, details })
  }
  return new HttpError({ code: 'validation_failed', message, details })
}
