/**
 * The app's HTTP server: Next.js (`dev` or `start`, the first argument) behind a plain Node
 * server that does what Next cannot be told to do:
 * - it appends the connection's peer address to `X-Forwarded-For` before anything reads the
 *   header, as a reverse proxy would. Next only sets the header when a request has none, so a
 *   client could otherwise choose the address its rate limits are counted under; now the
 *   rightmost entry is always the peer (`src/http/clientAddress.ts` picks it, or the entry
 *   `TRUSTED_PROXY_HOPS` places to its left);
 * - it answers TRACE with 405 (Next answered it with a 500; Node's parser refuses methods it does
 *   not know, such as TRACK, with a 400).
 * Plain JavaScript, so that no loader stands between Node and Next's compiled server.
 */
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const mode = process.argv[2]
if (mode !== 'dev' && mode !== 'start') {
  console.error('Usage: node scripts/server.mjs dev|start')
  process.exit(2)
}
const port = Number(process.env.PORT || 3000)
// As `next dev` and `next start` set it, before Next is loaded.
Object.assign(process.env, { NODE_ENV: mode === 'dev' ? 'development' : 'production' })
const { default: next } = await import('next')

const refusedMethods = new Set(['TRACE'])

/** `::ffff:127.0.0.1` as `127.0.0.1`: one spelling per client. */
const peerAddress = (socket) => (socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '')

/** @type {(req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>} */
let handle = async (_req, res) => {
  res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' })
  res.end(JSON.stringify({ errors: [{ message: 'Starting, retry in a few seconds' }] }))
}

const server = http.createServer((req, res) => {
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
  handle(req, res).catch((error) => {
    console.error(error)
    if (!res.headersSent) res.writeHead(500)
    res.end()
  })
})

const app = next({ dev: mode === 'dev', dir: projectRoot, port, httpServer: server })

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    // Stop accepting; idle keep-alive connections close now, busy ones after their answer.
    server.close(() => process.exit(0))
    server.closeIdleConnections()
    setTimeout(() => process.exit(0), 10_000).unref()
  })
}

server.listen(port, async () => {
  await app.prepare()
  const requestHandler = app.getRequestHandler()
  handle = (req, res) => requestHandler(req, res)
  console.log(`Ready on http://localhost:${port} (${mode})`)
})
