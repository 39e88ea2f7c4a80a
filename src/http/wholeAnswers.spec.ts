import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import net from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { afterEach, describe, expect, it } from 'vitest'

const modulePath = pathToFileURL(path.join(import.meta.dirname, 'wholeAnswers.mjs')).href
const compressionPath = pathToFileURL(
  path.join(import.meta.dirname, '../../node_modules/next/dist/compiled/compression/index.js'),
).href

/**
 * A real server in its own process that answers as Next does: it flushes the headers, writes
 * the first half of the body, and 50 ms later the second half and the end. On `/killed` it
 * kills itself with SIGKILL between the halves, as a crash or `kill -9` would.
 */
const serverSource = (whole: boolean, contentType: string, limitBytes: number) => `
import http from 'node:http'
import compression from ${JSON.stringify(compressionPath)}
import { answerWhole } from ${JSON.stringify(modulePath)}
// Next's own compression wraps the response after answerWhole, as in the app server.
const compress = compression()
const server = http.createServer((req, res) => {
  if (${whole}) answerWhole(res, { limitBytes: ${limitBytes} })
  compress(req, res, () => answer(req, res))
})
function answer(req, res) {
  res.statusCode = 200
  res.setHeader('content-type', ${JSON.stringify(contentType)})
  res.flushHeaders()
  res.write('{"docs":[{"title":"first"},')
  setTimeout(() => {
    if (req.url === '/killed') process.kill(process.pid, 'SIGKILL')
    res.write('{"title":"second"}]}')
    res.end()
  }, 50)
}
server.listen(0, '127.0.0.1', () => console.log(server.address().port))
`

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})

async function startServer({
  whole = true,
  contentType = 'application/json',
  limitBytes = 1024,
} = {}) {
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', serverSource(whole, contentType, limitBytes)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  children.push(child)
  const [line] = (await once(child.stdout!, 'data')) as [Buffer]
  return Number(line.toString().trim())
}

/** What the client receives until the connection ends, however it ends, piece by piece. */
async function rawPieces(port: number, pathname: string) {
  const socket = net.connect(port, '127.0.0.1')
  const pieces: string[] = []
  socket.on('data', (data) => pieces.push(data.toString()))
  socket.on('error', () => {})
  socket.write(`GET ${pathname} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
  await once(socket, 'close')
  return pieces
}

/** Every byte the client receives until the connection ends. */
const rawGet = async (port: number, pathname: string) => (await rawPieces(port, pathname)).join('')

describe('a JSON answer leaves in one write', () => {
  it('a server killed mid-answer has sent nothing, so a balancer can send the request elsewhere', async () => {
    // Without it, the same kill leaves a beginning that nginx can only cut off.
    const streamed = await rawGet(await startServer({ whole: false }), '/killed')
    expect(streamed).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(streamed).toContain('{"docs":[{"title":"first"},')

    expect(await rawGet(await startServer(), '/killed')).toBe('')
  })

  it('sends status, headers and the whole body in one piece', async () => {
    const pieces = await rawPieces(await startServer(), '/')
    expect(pieces).toHaveLength(1)
    expect(pieces[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(pieces[0]).toContain('{"title":"second"}]}')
    // Without it: the headers, then each half, then the end, as Next writes them.
    expect((await rawPieces(await startServer({ whole: false }), '/')).length).toBeGreaterThan(1)
  })

  it('leaves compression to Next: a compressed page and a compressed JSON answer decode whole', async () => {
    for (const contentType of ['text/html; charset=utf-8', 'application/json']) {
      const port = await startServer({ contentType })
      const response = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { 'accept-encoding': 'gzip' },
      })
      expect(response.headers.get('content-encoding')).toBe('gzip')
      // fetch decodes gzip: a body sent past the compression would fail to decode.
      expect(await response.text()).toBe('{"docs":[{"title":"first"},{"title":"second"}]}')
    }
  })

  it('streams what is not JSON (files, pages) as it is written', async () => {
    const answer = await rawGet(await startServer({ contentType: 'image/png' }), '/killed')
    expect(answer).toContain('{"docs":[{"title":"first"},')
  })

  it('streams a JSON answer longer than the limit from the limit on', async () => {
    const answer = await rawGet(await startServer({ limitBytes: 10 }), '/killed')
    expect(answer).toContain('{"docs":[{"title":"first"},')
    expect(answer).not.toContain('second')
  })
})
