import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { exchange } from './outboundHttp'

const loopback = new Set(['loopback'])
const open: ServerResponse[] = []
let server: Server
let base: string

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    open.push(res)
    if (req.url === '/drip') {
      // Headers at once, then a byte every 100 ms for a minute: never idle long enough for a
      // per-chunk timeout, so only a deadline on the whole exchange ends it.
      res.writeHead(200, { 'content-type': 'text/plain' })
      const timer = setInterval(() => res.write('.'), 100)
      res.on('close', () => clearInterval(timer))
      setTimeout(() => res.end(), 60_000).unref()
    } else if (req.url === '/silent') {
      // Never answers.
    } else {
      res.writeHead(200).end('ok')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const res of open) res.destroy()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const post = (path: string, timeoutMs = 600) =>
  exchange({
    url: `${base}${path}`,
    method: 'POST',
    body: '{}',
    headers: {},
    timeoutMs,
    allowed: loopback,
  })

describe('one exchange with an endpoint', () => {
  it('answers with the response of an endpoint that answers', async () => {
    expect(await post('/fine')).toMatchObject({ kind: 'response', status: 200, body: 'ok' })
  })

  it('times out on an endpoint that sends its body a byte at a time, as a whole, not per chunk', async () => {
    const result = await post('/drip')
    expect(result).toMatchObject({ kind: 'error', message: 'Timed out' })
  })

  it('times out on an endpoint that never answers', async () => {
    expect(await post('/silent')).toMatchObject({ kind: 'error', message: 'Timed out' })
  })

  it('refuses an address outside the allowed ranges, every time and per set of ranges', async () => {
    const to = (allowed: Set<string>) =>
      exchange({ url: `${base}/fine`, method: 'POST', headers: {}, timeoutMs: 600, allowed })
    for (let round = 0; round < 2; round++) {
      const refused = await to(new Set(['linkLocal']))
      expect(refused.kind).toBe('error')
      expect(refused.kind === 'error' && refused.message).toMatch(/127\.0\.0\.1/)
      expect(await to(loopback)).toMatchObject({ kind: 'response', status: 200 })
    }
  })
})
