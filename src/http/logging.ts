import { defaultLoggerOptions, type Config } from 'payload'

import { requestLogFields } from '@/runtime/requestContext'

type LoggerOptions = Extract<NonNullable<Config['logger']>, { options: unknown }>['options']
type Log = (this: unknown, ...args: unknown[]) => void

/** Numeric pino levels. */
const errorLevel = 50

/**
 * A client error (a 4xx Payload or a hook threw: a wrong password, a refused transition): what
 * the client did wrong, not what the operator must look at.
 */
function isClientError(err: unknown): err is { status: number; message: string; name?: string } {
  if (!err || typeof err !== 'object') return false
  const status = (err as { status?: unknown }).status
  return typeof status === 'number' && status >= 400 && status < 500
}

/**
 * Payload's logger: JSON lines in production (one object per line, for a log shipper), the
 * readable form in development; every line written while a request is served carries its
 * `requestId` (the `X-Request-Id` it was answered with). `LOG_LEVEL` sets the level (info).
 *
 * An error with a 4xx status logged at error level is written at info, as its message and
 * status without a stack: Payload logs what a route throws at error unless `loggingLevels`
 * names its class, and the production build minifies class names, so the names alone do not
 * reach there.
 */
export function appLogger(settings: {
  level: string
  isProduction: boolean
}): NonNullable<Config['logger']> {
  const options = {
    level: settings.level,
    mixin: requestLogFields,
    hooks: {
      logMethod(this: { info: Log }, args: unknown[], method: Log, level: number) {
        const first = args[0]
        const err =
          first && typeof first === 'object' ? (first as { err?: unknown }).err : undefined
        if (level >= errorLevel && isClientError(err)) {
          return this.info({ status: err.status }, err.message)
        }
        return method.apply(this, args)
      },
    },
  } as LoggerOptions
  return settings.isProduction ? { options } : { options, destination: defaultLoggerOptions }
}

/**
 * Expected client errors are not server errors: a wrong password, an unknown token, a refused
 * request are logged at info, without a stack, so that an operator's ERROR lines are the real
 * ones. (Payload decides a thrown error's level by its name; see `appLogger` for the rest.)
 */
export const loggingLevels = {
  AuthenticationError: 'info',
  UnauthorizedError: 'info',
  UnverifiedEmail: 'info',
  LockedAuth: 'info',
  QueryError: 'info',
  RefusedRequest: 'info',
} as NonNullable<Config['loggingLevels']> // (its type lists only some of Payload's own names)
