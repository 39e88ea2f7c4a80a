import { signatureHeader } from './signature'

/** What one delivery sends, before the HTTP client gets it. */
export type DeliveryRequest = {
  /** JSON text `{id, type, timestamp, data}`: the same bytes on every attempt. */
  body: string
  /** Subscription headers first, then the ones the service owns (which they cannot override). */
  headers: Record<string, string>
}

/** Headers a subscription may not set: the signature's, the body's framing, the connection's. */
const reservedHeaders = [
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'host',
  'user-agent',
]
/** The prefix of the Standard Webhooks headers, all the service's own. */
const reservedPrefix = 'webhook-'
const isReserved = (name: string) =>
  reservedHeaders.includes(name.toLowerCase()) || name.toLowerCase().startsWith(reservedPrefix)

const anyCase = (text: string) =>
  text.replace(/[a-z]/g, (letter) => `[${letter}${letter.toUpperCase()}]`)

/**
 * The names a subscription may give an extra header, as a regular expression's source (the API
 * reference shows it): an RFC 9110 token that is no reserved name and does not start with
 * `webhook-`, in any letter case.
 */
export const extraHeaderNamePattern =
  `^(?!(?:${reservedHeaders.map(anyCase).join('|')})$)(?!${anyCase(reservedPrefix)})` +
  "[A-Za-z0-9!#$%&'*+.^_`|~-]+$"
const extraHeaderName = new RegExp(extraHeaderNamePattern)

/** The Standard Webhooks request of one delivery attempt made at `now`. */
export function buildDeliveryRequest(args: {
  /** Event id: `webhook-id`, the same for every attempt. */
  eventId: string
  type: string
  /** When the event happened (the body's `timestamp`). */
  occurredAt: Date
  data: unknown
  /** Signing secrets, current first. */
  secrets: string[]
  /** The subscription's extra headers. */
  extraHeaders?: Record<string, unknown> | null
  /**
   * A test event, sent only to the subscription tested: `"test": true` in the body (signed, so
   * that it cannot be taken off) and the header `webhook-test: true`.
   */
  isTest?: boolean
  now: Date
}): DeliveryRequest {
  const body = JSON.stringify({
    id: args.eventId,
    type: args.type,
    timestamp: args.occurredAt.toISOString(),
    ...(args.isTest && { test: true }),
    data: args.data,
  })
  const timestamp = Math.floor(args.now.getTime() / 1000)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(args.extraHeaders ?? {})) {
    if (typeof value === 'string' && !isReserved(name)) headers[name.toLowerCase()] = value
  }
  return {
    body,
    headers: {
      ...headers,
      'content-type': 'application/json',
      'user-agent': 'content-shop-webhooks/1',
      ...(args.isTest && { 'webhook-test': 'true' }),
      'webhook-id': args.eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader({
        id: args.eventId,
        timestamp,
        body,
        secrets: args.secrets,
      }),
    },
  }
}

/** Whether a header name is one a subscription may set (used to validate input too). */
export const isAllowedExtraHeader = (name: string) => extraHeaderName.test(name)
