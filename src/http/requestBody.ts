import { HttpError } from './errors'

const describeBytes = (bytes: number) =>
  bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : bytes % 1024 === 0
      ? `${bytes / 1024} KB`
      : `${bytes} bytes`

const tooLarge = (limit: number) =>
  new HttpError({
    code: 'payload_too_large',
    message: `The request body is larger than ${describeBytes(limit)}: send less at once`,
  })

/**
 * Reads a request's body, at most `limit` bytes of it: a declared `Content-Length` over the
 * limit is refused before anything is read, and a body without one (chunked) is refused as soon
 * as the bytes read cross the limit; the rest is never read.
 */
export async function readBodyWithin(
  request: { headers: Headers; body?: ReadableStream<Uint8Array> | null },
  limit: number,
): Promise<Uint8Array> {
  const declared = request.headers.get('content-length')
  if (declared && /^\d+$/.test(declared) && Number(declared) > limit) throw tooLarge(limit)
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge(limit)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** How deep a JSON body may nest: far beyond any document of this API, far below a stack's. */
export const maxJsonDepth = 64

/**
 * Parses a JSON body and checks what every endpoint would otherwise trip over further down:
 * nesting deeper than `maxJsonDepth`, and the NUL character (which PostgreSQL cannot store in
 * text) in any string or key, reported with the field that holds it. `undefined` when empty.
 */
export function parseJsonBody(text: string): unknown {
  if (!text.trim()) return undefined
  let value: unknown
  try {
    // A lone surrogate (`"\ud800"`) is valid JSON but not text PostgreSQL can store: it becomes
    // U+FFFD, as a UTF-8 decoder would make of it.
    value = JSON.parse(text, (_key, item: unknown) =>
      typeof item === 'string'
        ? (item as string & { toWellFormed(): string }).toWellFormed()
        : item,
    )
  } catch {
    throw new HttpError({ code: 'bad_request', message: 'The request body is not valid JSON' })
  }
  const nul = findNul(value)
  if (nul !== undefined) {
    const field = nul || '(body)'
    throw new HttpError({
      code: 'validation_failed',
      message: `Invalid input: ${field}: must not contain the NUL character (\\u0000)`,
      details: [{ field, message: 'must not contain the NUL character (\\u0000)' }],
    })
  }
  return value
}

/**
 * The dotted path of the first string or key holding a NUL, `undefined` if none. Walks without
 * recursion and refuses nesting deeper than `maxJsonDepth`.
 */
export function findNul(root: unknown): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: root, path: '', depth: 0 },
  ]
  while (stack.length) {
    const { value, path, depth } = stack.pop()!
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path
      continue
    }
    if (typeof value !== 'object' || value === null) continue
    if (depth >= maxJsonDepth) {
      throw new HttpError({
        code: 'bad_request',
        message: `The request body is nested deeper than ${maxJsonDepth} levels`,
      })
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key
      if (key.includes('\u0000')) return childPath
      stack.push({ value: child, path: childPath, depth: depth + 1 })
    }
  }
  return undefined
}

/** The first query parameter (name or value) or path segment holding a NUL, if any. */
export function nulInUrl(url: URL): string | undefined {
  for (const [name, value] of url.searchParams) {
    if (name.includes('\u0000') || value.includes('\u0000')) return name.replaceAll('\u0000', '')
  }
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    return '(path)'
  }
  return path.includes('\u0000') ? '(path)' : undefined
}
