import { z } from 'zod'

import { isAllowedExtraHeader } from './deliveryRequest'

/**
 * What is wrong with an endpoint URL, in the words of the person typing it (after the field's
 * name, so in lower case), or `undefined` when it is an absolute http(s) URL.
 */
export function endpointUrlProblem(value: unknown): string | undefined {
  if (typeof value === 'string' && isHttpUrl(value)) return undefined
  if (typeof value !== 'string' || value.trim() === '') {
    return 'enter the full address of your receiver, starting with https://'
  }
  return 'enter the full address, starting with https:// (for example https://example.com/webhooks)'
}

/** What is wrong with a subscription's list of event types (none chosen). */
export const noEventsMessage = 'choose at least one event type (or * for all)'

/** A message after a field's name, as a sentence of its own (the admin panel's field errors). */
const asSentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1)

/** Field validators shared by the admin panel and the consumer API's operations. */
export function validateEndpointUrl(value: unknown): true | string {
  const problem = endpointUrlProblem(value)
  return problem === undefined ? true : asSentence(problem)
}

/**
 * The endpoint URLs the API reference shows, as a regular expression's source: `http` or `https`
 * (any case), a host name (whose last label starts with a letter), a dotted IPv4 address or a
 * bracketed IPv6 one, an optional port, then RFC 3986 path, query and fragment characters.
 * Every URL it matches is one `isHttpUrl` accepts; the parser tolerates a few more forms (stray
 * spaces, `http:host` without slashes, raw non-ASCII characters), which the reference leaves out.
 */
export const httpUrlPattern = (() => {
  const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
  const ipv4 = `(?:${octet}\\.){3}${octet}`
  const ipv6 = z.regexes.ipv6.source.replace(/^\^|\$$/g, '')
  // A label other than an IDNA one (`xn--`, which must be valid punycode); the last one must not
  // read as a number, or the parser takes the host for an IPv4 address.
  const label = '(?![Xx][Nn]--)[A-Za-z0-9-]+'
  const lastLabel = '(?![Xx][Nn]--)[A-Za-z][A-Za-z0-9-]*'
  const hostName = `(?:${label}\\.)*${lastLabel}\\.?`
  const port = '(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|\\d{1,4})'
  const uriCharacter = "(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})"
  return (
    `^[Hh][Tt][Tt][Pp][Ss]?://(?:${hostName}|${ipv4}|\\[(?:${ipv6})\\])(?::${port})?` +
    `(?:[/?]${uriCharacter}*)?(?:#${uriCharacter}*)?$`
  )
})()

/** Whether `value` is an absolute http or https URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname)
  } catch {
    return false
  }
}

export function validateEvents(value: unknown): true | string {
  return Array.isArray(value) &&
    value.length > 0 &&
    value.every((name) => typeof name === 'string' && name.length > 0)
    ? true
    : asSentence(noEventsMessage)
}

/** The values an extra header may have, as a regular expression's source: one line. */
export const headerValuePattern = '^[^\\r\\n]*$'
const singleLine = new RegExp(headerValuePattern)

export function validateHeaders(value: unknown): true | string {
  if (value === null || value === undefined) return true
  if (typeof value !== 'object' || Array.isArray(value)) return 'Must be an object of header values'
  for (const [name, headerValue] of Object.entries(value)) {
    if (!isAllowedExtraHeader(name)) return `Header ${name} cannot be set by a subscription`
    if (typeof headerValue !== 'string' || !singleLine.test(headerValue)) {
      return `Header ${name} must be a single-line string`
    }
  }
  return true
}

/** The highest rate limit a subscription may set (deliveries a second). */
export const maxDeliveriesPerSecondLimit = 1000

/** The largest filter a subscription may have, in bytes of JSON. */
export const maxFilterBytes = 2048
/** How deeply a filter's objects and arrays may nest (the filter object itself is depth 1). */
export const maxFilterDepth = 5

const depthOf = (value: unknown): number =>
  value !== null && typeof value === 'object'
    ? 1 + Math.max(0, ...Object.values(value as object).map(depthOf))
    : 0

/**
 * A subscription's `filter`: absent or `null` (every event of its types), or a JSON object that
 * an event's data must contain (PostgreSQL's `@>`), at most `maxFilterBytes` of JSON and
 * `maxFilterDepth` levels deep. The message names what is wrong.
 */
export function validateFilter(value: unknown): true | string {
  if (value === null || value === undefined) return true
  if (typeof value !== 'object' || Array.isArray(value)) {
    return 'filter must be a JSON object (or null for no filter)'
  }
  const bytes = Buffer.byteLength(JSON.stringify(value))
  if (bytes > maxFilterBytes) {
    return `filter is ${bytes} bytes of JSON; at most ${maxFilterBytes} are allowed`
  }
  const depth = depthOf(value)
  if (depth > maxFilterDepth) {
    return `filter nests ${depth} levels deep; at most ${maxFilterDepth} are allowed`
  }
  return true
}
