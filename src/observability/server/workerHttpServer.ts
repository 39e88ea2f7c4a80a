import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Payload } from 'payload'

import { errorBody } from '@/http/envelopes'
import { HttpError } from '@/http/errors'
import { toHttpError } from '@/http/toHttpError'
import { metricsContentType } from '@/runtime/metrics'
import { checkReadiness, reportsHealth } from '../operations/checkReadiness'
import { scrapeMetrics } from '../operations/scrapeMetrics'
import { workerCheck } from '../readiness'
import { configOf } from '@/config/appConfig'

/** The worker's own server, to stop with the worker. */
export type WorkerHttpServer = { port: number; close: () => Promise<void> }

type Answer = { status: number; type: string; body: string }

const json = (status: number, body: unknown): Answer => ({
  status,
  type: 'application/json',
  body: JSON.stringify(body),
})

/**
 * `npm run worker`'s small HTTP server on `WORKER_HTTP_PORT` (none when unset), with the paths
 * and answers of the app's: `GET /api/health`, `GET /api/health/ready` (the database, the
 * migrations and this process's worker) and `GET /api/metrics` (same `METRICS_TOKEN` rule).
 * Nothing else: every other path is a 404, every other method a 405.
 */
export async function startWorkerHttpServer(args: {
  payload: Payload
  worker: object
}): Promise<WorkerHttpServer | undefined> {
  const { payload } = args
  const port = configOf(payload).observability.workerHttpPort
  if (port === undefined) return undefined
  const worker = reportsHealth(args.worker)

  const answer = async (request: http.IncomingMessage): Promise<Answer> => {
    const path = new URL(request.url ?? '/', 'http://worker').pathname
    const routes: Record<string, () => Promise<Answer>> = {
      '/api/health': async () => json(200, { status: 'ok' }),
      '/api/health/ready': async () => {
        const { httpStatus, body } = await checkReadiness(payload, async () =>
          workerCheck({ isEnabled: true, worker }),
        )
        return json(httpStatus, body)
      },
      '/api/metrics': async () => ({
        status: 200,
        type: metricsContentType,
        body: await scrapeMetrics(payload, request.headers.authorization ?? null),
      }),
    }
    const route = routes[path]
    if (!route) throw new HttpError({ code: 'not_found', message: `Not found: ${path}` })
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new HttpError({ code: 'method_not_allowed', message: 'Only GET is served here' })
    }
    return route()
  }

  const server = http.createServer((request, response) => {
    answer(request)
      .catch((thrown: unknown) => {
        const error = toHttpError(thrown)
        if (error.status >= 500) payload.logger.error({ msg: `${request.url} failed`, err: thrown })
        return json(error.status, errorBody('resource', error))
      })
      .then(({ status, type, body }) => {
        response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' })
        response.end(request.method === 'HEAD' ? undefined : body)
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, () => resolve())
  })
  const { port: listening } = server.address() as AddressInfo
  payload.logger.info(`Worker health and metrics on http://localhost:${listening}/api/health`)
  return {
    port: listening,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      }),
  }
}
