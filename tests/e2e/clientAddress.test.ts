import http from 'node:http'

import { describe, expect, inject, it } from 'vitest'

const baseUrl = inject('baseUrl')

// Through the app's own server, as a client on the network reaches it (TRUSTED_PROXY_HOPS
// unset: no proxy is trusted). The in-process tests cannot show this: there the test writes
// X-Forwarded-For itself.
describe('the address a request is counted under', () => {
  it('is the connection’s, whatever X-Forwarded-For the client sends', async () => {
    const contact = (spoofed: string) =>
      fetch(`${baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': spoofed },
        body: JSON.stringify({ name: 'Spoofer', email: 'spoofer@example.com', message: 'Hi' }),
      })
    const statuses: number[] = []
    // The contact limit is 5 per 10 minutes per address; each request claims another one.
    for (let n = 1; n <= 7; n++) statuses.push((await contact(`198.51.100.${n}`)).status)
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(statuses.slice(5)).toEqual([429, 429])
  })
})

describe('methods no route serves', () => {
  // fetch refuses to send these methods; node:http sends them as any client can.
  const send = (method: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${baseUrl}/api/products`, { method }, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      request.on('error', reject)
      request.end()
    })

  it.each(['TRACE'])('%s is a 405 naming the method, not a 500', async (method) => {
    const response = await send(method)
    expect(response.status).toBe(405)
    expect(JSON.parse(response.body)).toEqual({
      errors: [{ message: `The method ${method} is not allowed` }],
    })
  })
})
