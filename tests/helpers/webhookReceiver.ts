import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the receiver got it. */
export type ReceivedWebhook = {
  method: string
  path: string
  headers: Record<string, string>
  body: string
  /** `performance.now()` when it arrived. */
  at: number
}

/**
 * How the receiver answers: a status (and headers), after `delayMs` if given, or `'hang'` to
 * never answer.
 */
export type Answer = { status: number; headers?: Record<string, string>; delayMs?: number } | 'hang'

/**
 * Answers deliveries (POSTs) by the rule `answers` holds for their path, 200 where none is set;
 * anything else (the endpoint probe) gets a 200.
 */
export const answerByPath =
  (answers: Map<string, (request: ReceivedWebhook) => Answer>) =>
  (request: ReceivedWebhook): Answer =>
    request.method === 'POST'
      ? (answers.get(request.path)?.(request) ?? { status: 200 })
      : { status: 200 }

/**
 * A real HTTP server on loopback that records every request and answers as `answer` says
 * (200 by default). `url(path)` gives an endpoint URL on it.
 */
export async function startWebhookReceiver(
  answer: (request: ReceivedWebhook) => Answer = () => ({ status: 200 }),
) {
  const received: ReceivedWebhook[] = []
  const hanging: ServerResponse[] = []
  let respond = answer
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request: ReceivedWebhook = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: flatten(req.headers),
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      }
      received.push(request)
      const reply = respond(request)
      if (reply === 'hang') {
        hanging.push(res)
        return
      }
      const send = () => res.writeHead(reply.status, reply.headers).end('ok')
      if (reply.delayMs) setTimeout(send, reply.delayMs)
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const posts = () => received.filter((request) => request.method === 'POST')
  return {
    received,
    posts,
    /** The POSTs that arrived at `path`. */
    postsTo: (path: string) => posts().filter((request) => request.path === path),
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    /** Ends every request left hanging (its sender sees the connection close). */
    dropHanging: () => {
      for (const res of hanging.splice(0)) res.destroy()
    },
    /** Answers every request left hanging whose sender still waits, with `status`. */
    answerHanging: (status = 200) => {
      for (const res of hanging.splice(0)) {
        if (!res.destroyed) res.writeHead(status).end('ok')
      }
    },
    /** Stops listening and drops every connection: requests are refused until `comeUp()`. */
    goDown: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging.splice(0)) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
    /** Listens again, on the same port. */
    comeUp: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    /** Closes idle keep-alive connections, so that the next request connects (and resolves) anew. */
    dropIdleConnections: () => server.closeIdleConnections(),
    setAnswer: (next: typeof answer) => {
      respond = next
    },
    /** Waits until the POSTs satisfy `predicate`. */
    async waitFor(predicate: (posts: ReceivedWebhook[]) => boolean, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs
      while (!predicate(posts())) {
        if (Date.now() > deadline) {
          throw new Error(
            `The receiver did not get the expected webhooks (${posts().length} POSTs)`,
          )
        }
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return posts()
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  )
}

/** Waits until `check` returns a truthy value (polling), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error('Condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** A receiver started by `startWebhookReceiver`. */
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
