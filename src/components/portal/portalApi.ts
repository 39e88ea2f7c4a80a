/**
 * The portal's only way to the server: the consumer webhook API, called from the browser with
 * relative URLs and the session cookie (HttpOnly: never read here). Whatever the API refuses,
 * the portal cannot do.
 */

/** Dispatched on `window` when the API answers 401: the session is over. */
export const sessionEndedEvent = 'portal:session-ended'

/** A refusal of the API, normalised from its two error bodies. */
export type ApiError = {
  /** HTTP status; 0 when the server could not be reached. */
  status: number
  /** `error.code` of the envelope (`validation_failed`, `forbidden`, ...). */
  code: string
  /** The server's message, for people. */
  message: string
  /** Field problems of a 400 (`details`). */
  details: { field: string; message: string }[]
  /** The unknown or inactive event names of a 422. */
  invalidEvents: string[]
}

/** What a call gave: the parsed body, or the refusal. */
export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError }

type CallOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  /** Sent as JSON. */
  body?: unknown
  /** Request headers besides the JSON ones (`If-Unmodified-Since`). */
  headers?: Record<string, string>
  signal?: AbortSignal
  /** False where a 401 means something else than an ended session (the link exchange). */
  shouldEndSessionOn401?: boolean
}

/** Calls the API at `path` (e.g. `/webhooks/subscriptions`). */
export async function callApi<T>(path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  let response: Response
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      cache: 'no-store',
    })
  } catch (cause) {
    if (options.signal?.aborted) throw cause
    return {
      ok: false,
      status: 0,
      error: {
        status: 0,
        code: 'network',
        message: 'The server could not be reached. Check your connection and try again.',
        details: [],
        invalidEvents: [],
      },
    }
  }
  const body = await readBody(response)
  if (response.ok) return { ok: true, status: response.status, data: body as T }
  if (response.status === 401 && options.shouldEndSessionOn401 !== false) {
    window.dispatchEvent(new Event(sessionEndedEvent))
  }
  return { ok: false, status: response.status, error: toApiError(response, body) }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  const status = response.status
  const base: ApiError = {
    status,
    code: `http_${status}`,
    message: `The server answered ${status} ${response.statusText}`.trim(),
    details: [],
    invalidEvents: [],
  }
  if (!body || typeof body !== 'object') return base
  const { error, invalid_events: invalidEvents } = body as {
    error?: unknown
    invalid_events?: unknown
  }
  // The 422 of unknown event types: `{ error: "<message>", invalid_events: [...] }`.
  if (typeof error === 'string') {
    return {
      ...base,
      code: 'unprocessable_entity',
      message: error,
      invalidEvents: Array.isArray(invalidEvents) ? invalidEvents.map(String) : [],
    }
  }
  if (error && typeof error === 'object') {
    const envelope = error as { code?: unknown; message?: unknown; details?: unknown }
    const retryAfter = response.headers.get('retry-after')
    const message = typeof envelope.message === 'string' ? envelope.message : base.message
    return {
      ...base,
      code: typeof envelope.code === 'string' ? envelope.code : base.code,
      message: status === 429 && retryAfter ? `${message} Try again in ${retryAfter} s.` : message,
      details: Array.isArray(envelope.details)
        ? envelope.details.map((detail: { field?: unknown; message?: unknown }) => ({
            field: String(detail?.field ?? ''),
            message: String(detail?.message ?? ''),
          }))
        : [],
    }
  }
  return base
}

/**
 * The refusal's messages by form field (the first segment of each `details` path; the refused
 * address's reason, which comes as `endpoint_url: ...` in the message; the 422's names under
 * `events`). What belongs to no field is under `''`.
 */
export function fieldErrorsOf(error: ApiError, fields: readonly string[]) {
  const byField: Record<string, string[]> = {}
  const add = (field: string, message: string) => {
    const key = fields.includes(field) ? field : ''
    ;(byField[key] ??= []).push(message)
  }
  if (error.invalidEvents.length > 0) {
    add('events', `Unknown or inactive event types: ${error.invalidEvents.join(', ')}.`)
  } else if (error.details.length > 0) {
    for (const detail of error.details) {
      const [field = '', ...rest] = detail.field.split('.')
      if (!fields.includes(field)) add('', `${detail.field}: ${detail.message}`)
      else add(field, rest.length > 0 ? `${rest.join('.')}: ${detail.message}` : detail.message)
    }
  } else {
    const prefixed = /^([a-z_]+): (.*)$/s.exec(error.message)
    if (prefixed && fields.includes(prefixed[1]!)) add(prefixed[1]!, prefixed[2]!)
    else add('', error.message)
  }
  return byField
}

/**
 * The precondition of a change to a subscription the page shows: refused (412) when it changed
 * after the version shown (another person saved it, or the service disabled it meanwhile), so
 * that nobody overwrites a change they never saw.
 */
export const unchangedSince = (subscription: { updated_at: string }) => ({
  'if-unmodified-since': new Date(subscription.updated_at).toUTCString(),
})

/** What the page says when a change met a newer version (412). */
export const staleVersionMessage =
  'This endpoint changed after you opened it: another person saved it, or the service ' +
  'disabled it after repeated failures. The page now shows the latest version; nothing of ' +
  'yours was saved. Make your change again if it still applies.'

/** The query string of `values`, leaving out empty ones (with its `?`, or nothing). */
export function queryString(values: Record<string, string | number | undefined | null>) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
