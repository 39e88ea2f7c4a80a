/**
 * The app's HTTP server: Next.js (`dev` or `start`, the first argument) behind a plain Node
 * server that does what Next cannot be told to do:
 * - it appends the connection's peer address to `X-Forwarded-For` before anything reads the
 *   header, as a reverse proxy would. Next only sets the header when a request has none, so a
 *   client could otherwise choose the address its rate limits are counted under; now the
 *   rightmost entry is always the peer (`src/http/requestAddress.ts` picks it, or the entry
 *   `TRUSTED_PROXY_HOPS` places to its left);
 * - it answers TRACE with 405 (Next answered it with a 500; Node's parser refuses methods it does
 *   not know, such as TRACK, with a 400);
 * - it gives every request an `X-Request-Id` (the caller's when sane) and runs it inside the
 *   request context that every log line reads it from (`src/http/requestContext.ts`), and
 *   reports each finished response to the metrics (`src/observability`);
 * - boot: as soon as it listens it initialises Payload, which starts the background work
 *   (webhook worker, inquiry e-mail retry, order sweeper: `src/lifecycle`), so that nothing
 *   waits for a first request;
 * - shutdown: on SIGTERM or SIGINT it stops accepting connections, answers the requests it has
 *   (each with `Connection: close`, so keep-alive clients move on), waits for its connections
 *   to end, stops the background work and closes the database pool, and exits 0; past
 *   `SHUTDOWN_TIMEOUT_SECONDS` (25) it exits 1 with what was left.
 * Plain JavaScript, so that no loader stands between Node and Next's compiled server.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { refusePrompts } from './lib/refusePrompts.mjs'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const mode = process.argv[2]
if (mode !== 'dev' && mode !== 'start') {
  console.error('Usage: node scripts/server.mjs dev|start')
  process.exit(2)
}
const port = Number(process.env.PORT || 3000)
// As `next dev` and `next start` set it, before Next is loaded.
// APP_SERVER_PROCESS tells the app's code it runs in the server, where the background work
// belongs (src/lifecycle/appServer.ts; Next sets NEXT_RUNTIME only under its own CLI).
Object.assign(process.env, {
  NODE_ENV: mode === 'dev' ? 'development' : 'production',
  APP_SERVER_PROCESS: 'true',
})
// Next's usage telemetry is off unless asked for (as Payload's is): the app runs offline, and
// nothing leaves it that an operator did not configure.
process.env.NEXT_TELEMETRY_DISABLED ??= '1'
const isProduction = mode === 'start'
// A schema push that would ask (y/N) in the development server ends it with advice instead.
refusePrompts()

/** One line to stdout: a JSON object in production (as Payload's logger writes), text otherwise. */
const log = (level, msg) => {
  const levels = { info: 30, warn: 40, error: 50 }
  if (isProduction) {
    console.log(JSON.stringify({ level: levels[level], time: Date.now(), name: 'server', msg }))
  } else console.log(`[server] ${level === 'info' ? '' : `${level.toUpperCase()}: `}${msg}`)
}

const shutdownSeconds = Number(process.env.SHUTDOWN_TIMEOUT_SECONDS || 25)
if (!Number.isFinite(shutdownSeconds) || shutdownSeconds <= 0) {
  log('error', `SHUTDOWN_TIMEOUT_SECONDS must be a positive number of seconds`)
  process.exit(2)
}

const { default: next } = await import('next')

// Shared with the app's bundles through these symbols (src/http/requestContext.ts,
// src/lifecycle/backgroundWork.ts, src/observability).
const requestContext = (globalThis[Symbol.for('content-shop.requestContext')] ??=
  new AsyncLocalStorage())
const backgroundWork = () => globalThis[Symbol.for('content-shop.background')]
const observeRequest = () => globalThis[Symbol.for('content-shop.observeRequest')]
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/

const refusedMethods = new Set(['TRACE'])

/** `::ffff:127.0.0.1` as `127.0.0.1`: one spelling per client. */
const peerAddress = (socket) => (socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '')

/** @type {(req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>} */
let handle = async (_req, res) => {
  res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' })
  res.end(JSON.stringify({ errors: [{ message: 'Starting, retry in a few seconds' }] }))
}

let isStopping = false

const server = http.createServer((req, res) => {
  const startedAt = performance.now()
  // While stopping, every answer closes its connection, so a keep-alive client reconnects
  // (to another instance) instead of sending more here.
  if (isStopping) res.setHeader('connection', 'close')
  const incomingId = req.headers['x-request-id']
  const requestId =
    typeof incomingId === 'string' && saneRequestId.test(incomingId) ? incomingId : randomUUID()
  req.headers['x-request-id'] = requestId
  res.setHeader('x-request-id', requestId)
  res.once('finish', () => {
    try {
      observeRequest()?.({
        method: req.method ?? '',
        path: (req.url ?? '/').split('?')[0],
        status: res.statusCode,
        durationSeconds: (performance.now() - startedAt) / 1000,
      })
    } catch (error) {
      log('warn', `Recording request metrics failed: ${error}`)
    }
  })
  if (refusedMethods.has(req.method ?? '')) {
    res.writeHead(405, {
      allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      'content-type': 'application/json',
    })
    res.end(JSON.stringify({ errors: [{ message: `The method ${req.method} is not allowed` }] }))
    return
  }
  const forwarded = req.headers['x-forwarded-for']
  const chain = [forwarded].flat().filter(Boolean).join(', ')
  const peer = peerAddress(req.socket)
  req.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer
  requestContext.run({ requestId }, () =>
    handle(req, res).catch((error) => {
      log('error', `Request ${requestId} failed: ${error?.stack ?? error}`)
      if (!res.headersSent) res.writeHead(500)
      res.end()
    }),
  )
})
// Idle keep-alive connections are not cut when the server closes (Node would cut them at
// once, racing a request the client may be sending on one): each closes after its next
// answer (`Connection: close` above) or when it has been idle for `keepAliveTimeout`.
server.closeIdleConnections = () => {}
// Upgraded connections (the development server's hot-reload socket) never end by themselves.
const upgraded = new Set()
server.on('upgrade', (_req, socket) => {
  upgraded.add(socket)
  socket.once('close', () => upgraded.delete(socket))
})

const app = next({ dev: mode === 'dev', dir: projectRoot, port, httpServer: server })

/**
 * Initialises Payload (and so the background work) by asking the app itself whether it is
 * alive; in development this also compiles the API route before anyone waits for it.
 */
async function boot() {
  const startedAt = Date.now()
  for (let attempt = 1; !isStopping; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
        headers: { 'x-request-id': 'boot' },
      })
      await response.arrayBuffer()
      if (response.status < 500) {
        const names = backgroundWork()?.names() ?? []
        log(
          'info',
          `Payload initialised in ${Date.now() - startedAt} ms; background work: ${names.join(', ') || 'none'}`,
        )
        return
      }
      log('warn', `Initialising Payload answered ${response.status}; trying again`)
    } catch (error) {
      log('warn', `Initialising Payload failed (${error?.message ?? error}); trying again`)
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000 * attempt, 10_000)))
  }
}

async function shutDown(signal) {
  if (isStopping) return
  isStopping = true
  const deadline = Date.now() + shutdownSeconds * 1000
  log('info', `${signal}: stopping (at most ${shutdownSeconds} s)`)
  setTimeout(() => {
    const left = backgroundWork()?.names() ?? []
    log(
      'error',
      `Shutdown took longer than ${shutdownSeconds} s; exiting with ` +
        `${server.listening ? 'connections still open' : 'connections closed'}` +
        `${left.length ? `, still stopping: ${left.join(', ')}` : ''}`,
    )
    process.exit(1)
  }, shutdownSeconds * 1000).unref()
  const closed = new Promise((resolve) => server.close(resolve))
  for (const socket of upgraded) socket.destroy()
  await closed
  log('info', 'Every connection is closed; stopping the background work')
  const { unfinished = [] } = (await backgroundWork()?.stopAll(deadline)) ?? {}
  if (unfinished.length) log('warn', `Not stopped cleanly: ${unfinished.join(', ')}`)
  log('info', 'Stopped')
  process.exit(0)
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void shutDown(signal))

server.listen(port, async () => {
  await app.prepare()
  const requestHandler = app.getRequestHandler()
  handle = (req, res) => requestHandler(req, res)
  log('info', `Ready on http://localhost:${port} (${mode})`)
  await boot()
})
