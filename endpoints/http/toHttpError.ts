import { APIError, Forbidden, NotFound, UnauthorizedError, ValidationError } from 'payload'

import { HttpError, type ErrorCode } from '@/http/errors'

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
 * errors keep their status; a unique-constraint violation is a 409; an invalid relationship is
 * a 422; whatever else is a 500 whose details stay in the log.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error
  if (error instanceof ValidationError) return fromValidationError(error)
  if (error instanceof UnauthorizedError) {
    return new HttpError({ code: 'unauthorized', message: error.message })
  }
  if (error instanceof Forbidden)
    return new HttpError({ code: 'forbidden', message: error.message })
  if (error instanceof NotFound) return new HttpError({ code: 'not_found', message: error.message })
  if (error instanceof APIError && error.status < 500) {
    return new HttpError({
      code: codeByStatus[error.status] ?? 'bad_request',
      message: error.message,
    })
  }
  return new HttpError({ code: 'internal_error', message: 'Internal server error' })
}

const uniqueMessage = /must be unique/i
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
