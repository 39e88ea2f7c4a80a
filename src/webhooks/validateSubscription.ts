import { isAllowedExtraHeader } from './deliveryRequest'

/** Field validators shared by the admin panel and the consumer API's operations. */
export function validateEndpointUrl(value: unknown): true | string {
  return typeof value === 'string' && isHttpUrl(value) ? true : 'Must be an absolute http(s) URL'
}

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
    : 'Must be a non-empty list of event type names (or *)'
}

export function validateHeaders(value: unknown): true | string {
  if (value === null || value === undefined) return true
  if (typeof value !== 'object' || Array.isArray(value)) return 'Must be an object of header values'
  for (const [name, headerValue] of Object.entries(value)) {
    if (!isAllowedExtraHeader(name)) return `Header ${name} cannot be set by a subscription`
    if (typeof headerValue !== 'string' || /[\r\n]/.test(headerValue)) {
      return `Header ${name} must be a single-line string`
    }
  }
  return true
}

/** The highest rate limit a subscription may set (deliveries a second). */
export const maxDeliveriesPerSecondLimit = 1000
