import config from '@payload-config'
import { REST_DELETE, REST_GET, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

import { rewrittenPrefixes } from '../../src/http/publicPaths.mjs'

const handlers = {
  GET: REST_GET(config),
  POST: REST_POST(config),
  PATCH: REST_PATCH(config),
  PUT: REST_PUT(config),
  DELETE: REST_DELETE(config),
}

/** `/webhooks/...` as `/api/webhooks/...`: the rewrites `next.config.mjs` makes before routing. */
const rewritten = (path: string) =>
  rewrittenPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
    ? `/api${path}`
    : path

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * Calls the app's REST route handler in-process with a real `Request`, exactly as Next.js
 * does for `/api/...` (and for the paths it rewrites there), without starting a server.
 */
export async function rest(
  method: keyof typeof handlers,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; rawBody?: string } = {},
): Promise<Response> {
  const url = new URL(rewritten(path), 'http://localhost:3000')
  // Next hands the route its dynamic segments decoded (Payload encodes them again to route).
  const slug = url.pathname
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map(decodeSegment)
  const hasBody = options.body !== undefined || options.rawBody !== undefined
  const request = new Request(url, {
    method,
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...options.headers },
    body:
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  })
  return handlers[method](request, { params: Promise.resolve({ slug }) })
}

/** `rest` plus the parsed JSON body. */
export async function restJson<Body = any>(
  method: keyof typeof handlers,
  path: string,
  options: Parameters<typeof rest>[2] = {},
): Promise<{ status: number; headers: Headers; body: Body }> {
  const response = await rest(method, path, options)
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
  }
}
