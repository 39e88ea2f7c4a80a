import { createHash } from 'node:crypto'

/** A strong entity tag of a representation: equal bytes, equal tag. */
export function entityTag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}

/**
 * Whether an `If-None-Match` header names the tag (weak comparison, RFC 9110 13.1.2: `W/`
 * prefixes are ignored; `*` matches any current representation).
 */
export function matchesIfNoneMatch(header: string | null, tag: string): boolean {
  if (!header) return false
  const strip = (value: string) => value.trim().replace(/^W\//, '')
  return header.split(',').some((candidate) => {
    const value = strip(candidate)
    return value === '*' || value === strip(tag)
  })
}

/**
 * A JSON answer to a GET with its `ETag`, or 304 without a body when the client already holds
 * that representation. Private: every representation depends on the caller's rights. `locale`:
 * the answer is in a locale other than the default, which its tag depends on too (the same
 * bytes in two languages, all filled from the default, are two representations).
 */
export function jsonWithEntityTag(
  request: { headers: Headers },
  body: unknown,
  init: { headers?: Record<string, string>; locale?: string } = {},
): Response {
  const text = JSON.stringify(body)
  const tag = entityTag(init.locale === undefined ? text : `${init.locale}\n${text}`)
  const headers = { ETag: tag, 'Cache-Control': 'private, no-cache', ...init.headers }
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), tag)) {
    return new Response(null, { status: 304, headers })
  }
  return new Response(text, {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}
