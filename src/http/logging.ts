import { defaultLoggerOptions, type Config } from 'payload'

import { requestLogFields } from './requestContext'

/**
 * Payload's logger: JSON lines in production (one object per line, for a log shipper), the
 * readable form in development; every line written while a request is served carries its
 * `requestId` (the `X-Request-Id` it was answered with). `LOG_LEVEL` sets the level (info).
 */
export function appLogger(env: Record<string, string | undefined>): NonNullable<Config['logger']> {
  const options = { level: env.LOG_LEVEL || 'info', mixin: requestLogFields }
  return env.NODE_ENV === 'production'
    ? { options }
    : { options, destination: defaultLoggerOptions }
}

/**
 * Expected client errors are not server errors: a wrong password, an unknown token, a refused
 * request are logged at info, without a stack, so that an operator's ERROR lines are the real
 * ones. (Payload decides a thrown error's level by its name.)
 */
export const loggingLevels = {
  AuthenticationError: 'info',
  UnauthorizedError: 'info',
  UnverifiedEmail: 'info',
  LockedAuth: 'info',
  QueryError: 'info',
  RefusedRequest: 'info',
} as NonNullable<Config['loggingLevels']> // (its type lists only some of Payload's own names)
