/** What one attempt came to, as far as the HTTP exchange goes. */
export type AttemptResult =
  | { kind: 'response'; status: number; retryAfter?: string | null }
  | { kind: 'error'; message: string }

/** How an attempt counts. */
export type AttemptClass = {
  isSuccess: boolean
  /** Whether the receiver's `Retry-After` applies (429 and 503 only). */
  honoursRetryAfter: boolean
}

/**
 * Any 2xx is a success; every other status (redirects are not followed, so 3xx included), a
 * timeout or a connection error is a failure.
 */
export function classifyResponse(result: AttemptResult): AttemptClass {
  if (result.kind === 'error') return { isSuccess: false, honoursRetryAfter: false }
  return {
    isSuccess: result.status >= 200 && result.status < 300,
    honoursRetryAfter: result.status === 429 || result.status === 503,
  }
}
