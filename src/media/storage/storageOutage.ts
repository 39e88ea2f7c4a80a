/** Network failures that mean the other side is not answering, whoever it is. */
const unreachable = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
])

/**
 * Whether `error` says the media bucket could not be reached or failed on its side (a refused or
 * cut connection, a timeout, a 5xx from the service), as opposed to a refusal of the request
 * itself: what an app answers 503 for, since trying again later may work.
 */
export function isStorageUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: string }).code
  if (code && unreachable.has(code)) return true
  if (error.name === 'TimeoutError') return true
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
  if ('$metadata' in error && (status === undefined || status >= 500)) return true
  return error.cause !== undefined && isStorageUnavailable(error.cause)
}

/** Seconds a client is told to wait before trying again while the bucket does not answer. */
export const storageRetrySeconds = 5

/** The answer's body: Payload's error shape. */
export const storageOutageMessage = {
  errors: [{ message: 'The media storage is not answering; try again in a few seconds' }],
}
