import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import config from '@payload-config'
import { REST_DELETE, REST_GET, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

const handlers: Record<string, ReturnType<typeof REST_GET>> = {
  GET: REST_GET(config),
  HEAD: REST_GET(config),
  POST: REST_POST(config),
  PATCH: REST_PATCH(config),
  PUT: REST_PUT(config),
  DELETE: REST_DELETE(config),
}

/**
 * Payload's REST (`/api/...`) over real HTTP on loopback, served in this process the way Next's
 * app router hands a route its request: the body is streamed from the socket as it arrives (not
 * buffered first), and a client that goes away errors that stream. For tests that send raw or
 * cut-off requests and read the bytes and headers a client receives.
 */
export async function serveRestOverHttp({ port: listenOn = 0 } = {}) {
  const server = createServer(async (incoming, outgoing) => {
    try {
      const url = new URL(incoming.url ?? '/', `http://${incoming.headers.host}`)
      const handler = handlers[incoming.method ?? 'GET']
      if (!url.pathname.startsWith('/api/') || !handler) {
        outgoing.writeHead(404).end()
        return
      }
      const headers = new Headers()
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
      }
      const hasBody = !['GET', 'HEAD'].includes(incoming.method ?? 'GET')
      const aborted = new AbortController()
      outgoing.on('close', () => aborted.abort())
      const request = new Request(url, {
        method: incoming.method,
        headers,
        signal: aborted.signal,
        // As Next's requestToBodyStream: chunks as they come; an aborted socket errors the stream.
        body: hasBody
          ? new ReadableStream({
              async start(controller) {
                try {
                  for await (const chunk of incoming) controller.enqueue(new Uint8Array(chunk))
                  controller.close()
                } catch (error) {
                  controller.error(error)
                }
              },
            })
          : undefined,
        // @ts-expect-error Node's fetch needs it for a streamed body; the DOM types lack it.
        duplex: 'half',
      })
      const slug = url.pathname
        .slice('/api'.length)
        .split('/')
        .filter(Boolean)
        .map((segment) => {
          try {
            return decodeURIComponent(segment)
          } catch {
            return segment
          }
        })
      const response = await handler(request, { params: Promise.resolve({ slug }) })
      outgoing.writeHead(response.status, Object.fromEntries(response.headers))
      if (incoming.method === 'HEAD' || !response.body) {
        outgoing.end()
        return
      }
      outgoing.end(Buffer.from(await response.arrayBuffer()))
    } catch (error) {
      if (!outgoing.headersSent && !outgoing.destroyed) outgoing.writeHead(500).end(String(error))
      else outgoing.destroy()
    }
  })
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * A multipart body as a browser (and Payload's admin panel) sends an upload: the file in `file`
 * under `filename` (written as given, so tests can send hostile names), the other fields in
 * `_payload` as JSON.
 */
export function multipartUpload(
  file: { data: Buffer; filename: string; contentType: string },
  fields: Record<string, unknown>,
) {
  const boundary = `----upload${Math.random().toString(16).slice(2)}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n` +
        `${JSON.stringify(fields)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
      'utf8',
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The server started by `serveRestOverHttp`. */
export type RestOverHttp = Awaited<ReturnType<typeof serveRestOverHttp>>
