/**
 * The app's HTTP server: Next.js (`dev` or `start`) behind a plain Node server that does what
 * Next cannot be told to do. Started by `npm run dev` and `npm start` (`scripts/lib/processes.ts`
 * `startNext`), which read and check the configuration and hand this server its part:
 * `node scripts/server.mjs dev|start --port <n> --shutdown-seconds <s> [--server-url <url>]
 * [--admin-origins <origins>] [--trusted-proxy-hops <n>]`. For each request it
 * - appends the connection's peer address to `X-Forwarded-For` before anything reads the
 *   header, as a reverse proxy would. Next only sets the header when a request has none, so a
 *   client could otherwise choose the address its rate limits are counted under; now the
 *   rightmost entry is always the peer (`src/http/requestAddress.ts` picks it, or the entry
 *   `TRUSTED_PROXY_HOPS` places to its left);
 * - sends a JSON answer in one write (`src/http/wholeAnswers.mjs`), so that a server killed
 *   mid-answer has sent nothing and a balancer can send the request to another;
 * - closes the connection of an answer sent before its request's body has all arrived (a 413
 *   for an image over the limit, a 403 decided from the headers), cleanly: `Connection: close`,
 *   then the rest of the body read and thrown away until the client closes
 *   (`src/http/closeAfterEarlyAnswers.mjs`). Node alone left that rest unread and later reset
 *   the connection under the client's next request on it;
 * - refuses with 403, before anything else runs, a change (any method but GET, HEAD, OPTIONS)
 *   that carries a cookie from a page of another origin (`src/http/cookieOrigin.mjs`: the
 *   app's origin is `--server-url`, else the address the request reached, plus
 *   `--admin-origins`): image uploads, which pass no proxy of Next's, and the admin panel's
 *   server actions included;
 * - answers TRACE with 405 (Next answered it with a 500; Node's parser refuses methods it does
 *   not know, such as TRACK, with a 400);
 * - gives it an `X-Request-Id` (the caller's when sane) and runs it inside the request context
 *   that every log line reads it from, and reports the finished response to the metrics: both
 *   reached through the bridge to the app (`scripts/lib/appBridge.mjs`).
 * It initialises Payload (`scripts/lib/bootApp.mjs`), which starts the background work, before
 * it opens its port under `start` (on a private loopback port first), and as soon as it listens
 * under `dev`; on SIGTERM or SIGINT it stops (`scripts/lib/stopServer.mjs`).
 * Plain JavaScript, so that no loader stands between Node and Next's compiled server.
 */
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

import { mayReadReplica as isReplicaReadable } from '../src/db/replicaReadPolicy.mjs'
import { closeAfterEarlyAnswers } from '../src/http/closeAfterEarlyAnswers.mjs'
import { crossOriginCookieRefusal } from '../src/http/cookieOrigin.mjs'
import { requestIdFor } from '../src/http/requestId.mjs'
import { answerWhole } from '../src/http/wholeAnswers.mjs'
import { observeRequest, requestContext } from './lib/appBridge.mjs'
import { bootApp } from './lib/bootApp.mjs'
import { refusePrompts } from './lib/refusePrompts.mjs'
import { serverLog } from './lib/serverLog.mjs'
import { stopServer } from './lib/stopServer.mjs'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string' },
    'shutdown-seconds': { type: 'string' },
    'server-url': { type: 'string' },
    'admin-origins': { type: 'string' },
    'trusted-proxy-hops': { type: 'string' },
  },
})
const mode = positionals[0]
const port = Number(values.port)
const shutdownSeconds = Number(values['shutdown-seconds'])
/** The app's own origins, as `SERVER_URL`, `ADMIN_ORIGINS` and `TRUSTED_PROXY_HOPS` say. */
const ownOrigins = {
  serverUrl: values['server-url'] || undefined,
  adminOrigins: (values['admin-origins'] ?? '').split(',').filter(Boolean),
  trustedProxyHops: Number(values['trusted-proxy-hops'] ?? 0),
}
if ((mode !== 'dev' && mode !== 'start') || !(port >= 0) || !(shutdownSeconds > 0)) {
  console.error(
    'Usage: node scripts/server.mjs dev|start --port <n> --shutdown-seconds <s> ' +
      '(npm run dev and npm start pass them from the configuration)',
  )
  process.exit(2)
}
// As `next dev` and `next start` set it, before Next is loaded.
// APP_SERVER_PROCESS tells the app's code it runs in the server, where the background work
// belongs (`isAppServer` in src/composition/loadConfig.ts; Next sets NEXT_RUNTIME only under its own
// CLI).
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

const log = serverLog(isProduction)

const { default: next } = await import('next')

const refusedMethods = new Set(['TRACE'])

/** `::ffff:127.0.0.1` as `127.0.0.1`: one spelling per client. */
const peerAddress = (socket) => (socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '')

/** @type {(req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>} */
let handle = async (_req, res) => {
  res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' })
  res.end(JSON.stringify({ errors: [{ message: 'Starting, retry in a few seconds' }] }))
}

let isStopping = false
/** Connections being closed after an early answer: cut when the server stops. */
const lingering = new Set()

const server = http.createServer((req, res) => {
  const startedAt = performance.now()
  // While stopping, every answer closes its connection, so a keep-alive client reconnects
  // (to another instance) instead of sending more here.
  if (isStopping) res.setHeader('connection', 'close')
  const incomingId = req.headers['x-request-id']
  const requestId = requestIdFor(typeof incomingId === 'string' ? incomingId : undefined)
  req.headers['x-request-id'] = requestId
  res.setHeader('x-request-id', requestId)
  answerWhole(res)
  closeAfterEarlyAnswers(req, res, { lingering })
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
  const crossOrigin = crossOriginCookieRefusal(
    {
      method: req.method ?? 'GET',
      protocol: 'http:',
      header: (name) => [req.headers[name]].flat().join(', ') || undefined,
    },
    ownOrigins,
  )
  if (crossOrigin) {
    res.writeHead(403, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ errors: [{ message: crossOrigin }] }))
    return
  }
  const forwarded = req.headers['x-forwarded-for']
  const chain = [forwarded].flat().filter(Boolean).join(', ')
  const peer = peerAddress(req.socket)
  req.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer
  // Whether this request's reads may go to a read replica: public, anonymous GETs only.
  const mayReadReplica = isReplicaReadable({
    method: req.method,
    path: (req.url ?? '/').split('?')[0],
    headers: req.headers,
  })
  requestContext.run({ requestId, mayReadReplica }, () =>
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

async function shutDown(signal) {
  if (isStopping) return
  isStopping = true
  await stopServer({ server, upgraded, lingering, shutdownSeconds, log, signal })
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void shutDown(signal))

/** Next prepared: from now on requests reach the app instead of the 503 above. */
async function prepareNext() {
  await app.prepare()
  const requestHandler = app.getRequestHandler()
  handle = (req, res) => requestHandler(req, res)
}

if (isProduction) {
  // The public port opens only once the app can answer: Payload is initialised on a private
  // loopback port first. A balancer's connection to an instance that is still starting is
  // refused, and the balancer tries another (nginx's proxy_next_upstream does, even for a POST,
  // because nothing was sent), rather than getting the 503 of a starting instance, which it may
  // not pass on to another for a POST: a rolling restart fails no request.
  const bootServer = http.createServer((req, res) => server.emit('request', req, res))
  await new Promise((resolve) => bootServer.listen(0, '127.0.0.1', resolve))
  await prepareNext()
  await bootApp({ port: bootServer.address().port, log, isStopping: () => isStopping })
  bootServer.close()
  bootServer.closeAllConnections()
  if (!isStopping) {
    server.listen(port, () => log('info', `Ready on http://localhost:${port} (${mode})`))
  }
} else {
  // The development server listens at once: its first compile takes minutes, and a developer
  // would rather see "Starting" than a refused connection.
  server.listen(port, async () => {
    await prepareNext()
    log('info', `Ready on http://localhost:${port} (${mode})`)
    await bootApp({ port, log, isStopping: () => isStopping })
  })
}
