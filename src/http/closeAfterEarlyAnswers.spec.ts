import { once } from 'node:events'
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'

import { Agent, fetch } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'

import { closeAfterEarlyAnswers } from './closeAfterEarlyAnswers.mjs'

const mebibyte = 1024 * 1024
const servers: http.Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/**
 * A server that refuses `POST /upload` as Payload refuses an image over its limit under Next: it
 * reads 1 MB of the body, stops reading as Next's loop over the request does (Node then detaches
 * and destroys the request, leaving its socket open), and answers 413. Anything else is read
 * whole and answered 200. Node's keep-alive timeout is cut to 300 ms, so a reset
 * it would cause comes quickly.
 */
async function startServer({ isApplied = true, lingerIdleMs = 5_000 } = {}) {
  const lingering = new Set<net.Socket>()
  const server = http.createServer(async (req, res) => {
    if (isApplied) closeAfterEarlyAnswers(req, res, { lingering, lingerIdleMs })
    if (req.url === '/upload') {
      let length = 0
      for await (const chunk of req) {
        length += (chunk as Buffer).length
        if (length > mebibyte) break
      }
      res.writeHead(413, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ errors: [{ message: 'The file is over the size limit' }] }))
      return
    }
    let length = 0
    for await (const chunk of req) length += (chunk as Buffer).length
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ length }))
  })
  server.keepAliveTimeout = 300
  servers.push(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { port: (server.address() as AddressInfo).port, lingering }
}

/** A keep-alive client with one connection, as a browser's or a storefront's pool. */
async function postThenGet(port: number, path: string, bodyBytes: number) {
  const client = new Agent({ connections: 1 })
  try {
    const posted = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      body: Buffer.alloc(bodyBytes),
      dispatcher: client,
    })
    const answer = {
      status: posted.status,
      connection: posted.headers.get('connection'),
      body: await posted.text(),
    }
    const next = await fetch(`http://127.0.0.1:${port}/read`, { dispatcher: client })
    return { answer, next: { status: next.status, body: await next.text() } }
  } finally {
    await client.close()
  }
}

/**
 * A client on one connection that writes what it is given as it is given, and reads all the
 * while: what it received, and how the connection ended (`end`: the server closed it cleanly;
 * an error code such as `ECONNRESET` otherwise). It may go on sending after the server's FIN,
 * as a client that reads nothing until it has sent its whole request does.
 */
function rawClient(port: number) {
  const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true })
  const seen = { received: '', ending: 'open' }
  socket.on('data', (data) => (seen.received += data.toString()))
  socket.on('end', () => (seen.ending = seen.ending === 'open' ? 'end' : seen.ending))
  socket.on('error', (error: NodeJS.ErrnoException) => (seen.ending = error.code ?? String(error)))
  const until = async (condition: () => boolean, ms = 5_000) => {
    for (const deadline = Date.now() + ms; !condition() && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
  const upload = (bytes: number) =>
    `POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${bytes}\r\n\r\n`
  const closed = new Promise((resolve) => socket.once('close', resolve))
  return { socket, seen, until, upload, closed }
}

const answered = (received: string) => received.includes('The file is over the size limit')

describe('an answer sent before the body has arrived closes its connection cleanly', () => {
  it('says Connection: close, and the connection ends after the answer without a reset while the client still sends its body', async () => {
    const { port, lingering } = await startServer()
    const client = rawClient(port)
    client.socket.write(client.upload(3 * mebibyte))
    client.socket.write(Buffer.alloc(1.5 * mebibyte))
    await client.until(() => answered(client.seen.received))
    expect(client.seen.received).toMatch(/^HTTP\/1\.1 413 /)
    expect(client.seen.received.toLowerCase()).toContain('connection: close')
    // The rest of the body after the answer: read and thrown away, not reset.
    client.socket.write(Buffer.alloc(1.5 * mebibyte))
    await client.until(() => client.seen.ending !== 'open')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(client.seen.ending).toBe('end')
    client.socket.end()
    await client.closed
    await client.until(() => lingering.size === 0)
    expect(lingering.size).toBe(0)
  })

  it("ends a keep-alive client's connection after the answer, so that its next request goes on a new one", async () => {
    const { port } = await startServer()
    const client = rawClient(port)
    // The whole body leaves the client before the answer; then its next request, as a
    // keep-alive client sends it.
    client.socket.write(client.upload(1.25 * mebibyte))
    client.socket.write(Buffer.alloc(1.25 * mebibyte))
    await client.until(() => answered(client.seen.received))
    client.socket.write('GET /read HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await client.until(() => client.seen.ending !== 'open')
    expect(client.seen.received.toLowerCase()).toContain('connection: close')
    expect(client.seen.ending).toBe('end')
    client.socket.destroy()
    // undici opens a new connection after `Connection: close`.
    const { answer, next } = await postThenGet(port, '/upload', 1.25 * mebibyte)
    expect(answer).toMatchObject({ status: 413, connection: 'close' })
    expect(next).toEqual({ status: 200, body: '{"length":0}' })
  })

  it("without it, that client's next request is reset after Node's keep-alive timeout (the fault this guards)", async () => {
    const { port } = await startServer({ isApplied: false })
    const client = rawClient(port)
    client.socket.write(client.upload(1.25 * mebibyte))
    client.socket.write(Buffer.alloc(1.25 * mebibyte))
    await client.until(() => answered(client.seen.received))
    expect(client.seen.received.toLowerCase()).toContain('connection: keep-alive')
    client.socket.write('GET /read HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await client.until(() => client.seen.ending !== 'open')
    expect(client.seen.ending).toBe('ECONNRESET')
    expect(client.seen.received.match(/HTTP\/1\.1 /g)).toHaveLength(1)
  })

  it('stops waiting for a client that sends nothing more, without a reset', async () => {
    const { port, lingering } = await startServer({ lingerIdleMs: 300 })
    const client = rawClient(port)
    client.socket.write(client.upload(4 * mebibyte))
    client.socket.write(Buffer.alloc(1.5 * mebibyte))
    // The answer, then the server's half-close; it goes on reading for a while.
    await client.until(() => client.seen.ending !== 'open')
    expect(answered(client.seen.received)).toBe(true)
    expect(lingering.size).toBe(1)
    // 300 ms without a byte: the server closes its side for good, and nothing was reset.
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(lingering.size).toBe(0)
    expect(client.seen.ending).toBe('end')
    client.socket.destroy()
  })

  it('keeps the connection of a request whose body was read whole', async () => {
    const { port } = await startServer()
    const { answer, next } = await postThenGet(port, '/echo', 2 * mebibyte)
    expect(answer).toEqual({
      status: 200,
      connection: 'keep-alive',
      body: `{"length":${2 * mebibyte}}`,
    })
    expect(next.status).toBe(200)
  })
})
