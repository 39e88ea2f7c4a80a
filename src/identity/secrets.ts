import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Compares a presented secret with the expected one in constant time. Both are hashed first so
 * that neither the content nor the length of the expected secret leaks through timing.
 */
export function secretsMatch(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

/**
 * Payload's index of an API key: HMAC-SHA256 keyed with the Payload secret. Keys are looked up by
 * this index, so a stored key is never compared with a presented one as text.
 */
export function apiKeyIndex(apiKey: string, payloadSecret: string): string {
  return createHmac('sha256', payloadSecret).update(apiKey).digest('hex')
}

/**
 * The API key a request presents: `X-API-Key: <key>`, or Payload's own
 * `Authorization: consumers API-Key <key>`; undefined when it presents none.
 */
export function presentedApiKey(headers: { get(name: string): string | null }): string | undefined {
  const header = headers.get('x-api-key')?.trim()
  if (header) return header
  const payloadForm = /^consumers API-Key (.+)$/.exec(headers.get('authorization')?.trim() ?? '')
  return payloadForm?.[1]?.trim() || undefined
}
