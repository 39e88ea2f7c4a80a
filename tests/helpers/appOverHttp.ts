import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

import config from '@payload-config'
import { REST_DELETE, REST_GET, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'

import * as sandboxApiRoute from '../../src/app/(paymentSandbox)/v1/checkout/sessions/[[...path]]/route'
import * as sandboxPageRoute from '../../src/app/(paymentSandbox)/payment-sandbox/[...path]/route'
import * as sandboxRefundsRoute from '../../src/app/(paymentSandbox)/v1/refunds/route'

const payloadRoutes: Record<string, ReturnType<typeof REST_GET>> = {
  GET: REST_GET(config),
  POST: REST_POST(config),
  PATCH: REST_PATCH(config),
  PUT: REST_PUT(config),
  DELETE: REST_DELETE(config),
}

type RouteModule = { GET: RouteHandler; POST: RouteHandler }
type RouteHandler = (request: Request, context: { params: Promise<any> }) => Promise<Response>

const segments = (pathname: string, prefix: string) =>
  pathname.slice(prefix.length).split('/').filter(Boolean).map(decodeURIComponent)

/**
 * The app's routes that the payment sandbox uses, over real HTTP on loopback, served in this
 * process as `next start` serves them: Payload's REST (`/api/...`) and the sandbox's Next
 * routes (`/v1/checkout/sessions/...`, `/v1/refunds`, `/payment-sandbox/...`). For tests where the app must
 * reach itself over the network: the Stripe SDK calling the sandbox, the sandbox calling the
 * app's Stripe webhook.
 */
export async function serveAppOverHttp() {
  const server = createServer(async (incoming, outgoing) => {
    try {
      const request = await toRequest(incoming)
      const { pathname } = new URL(request.url)
      const method = request.method.toUpperCase()
      let response: Response
      const route = (module: RouteModule, prefix: string) => {
        const handler = module[method as 'GET' | 'POST']
        if (!handler) return new Response('Method not allowed', { status: 405 })
        return handler(request, { params: Promise.resolve({ path: segments(pathname, prefix) }) })
      }
      if (pathname.startsWith('/v1/checkout/sessions')) {
        response = await route(sandboxApiRoute, '/v1/checkout/sessions')
      } else if (pathname === '/v1/refunds') {
        response = await route(sandboxRefundsRoute, '/v1/refunds')
      } else if (pathname.startsWith('/payment-sandbox/')) {
        response = await route(sandboxPageRoute, '/payment-sandbox')
      } else if (pathname.startsWith('/api/') && payloadRoutes[method]) {
        response = await payloadRoutes[method](request, {
          params: Promise.resolve({ slug: segments(pathname, '/api') }),
        })
      } else {
        response = new Response('Not found', { status: 404 })
      }
      outgoing.writeHead(response.status, Object.fromEntries(response.headers))
      outgoing.end(Buffer.from(await response.arrayBuffer()))
    } catch (error) {
      outgoing.writeHead(500).end(String(error))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function toRequest(incoming: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = []
  for await (const chunk of incoming) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  const hasBody = !['GET', 'HEAD'].includes(incoming.method ?? 'GET')
  return new Request(`http://${incoming.headers.host}${incoming.url}`, {
    method: incoming.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  })
}

/** The server started by `serveAppOverHttp`. */
export type AppOverHttp = Awaited<ReturnType<typeof serveAppOverHttp>>
