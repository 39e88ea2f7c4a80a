import dns, { type LookupAddress, type LookupOptions } from 'node:dns'
import { EventEmitter } from 'node:events'
import { isIP } from 'node:net'

import { Agent, request } from 'undici'

import { forbiddenAddressMessage, isAddressAllowed, type AddressRange } from '../addressPolicy'

/** Bytes of a response body kept for the delivery log. */
export const responseBodyCap = 8 * 1024

/**
 * Raised when an endpoint resolves to an address webhooks may not reach; its message is for the
 * consumer, the setting that would allow it (`allowingSetting(address)`) for the operator.
 */
export class ForbiddenAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(forbiddenAddressMessage({ host, address }))
    this.name = 'ForbiddenAddressError'
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/**
 * DNS lookup for outgoing sockets that refuses forbidden addresses after resolution, so that a
 * host that was public at subscribe time cannot be pointed at the internal network later
 * (DNS rebinding).
 */
const guardedLookup =
  (allowed: AllowedRanges) =>
  (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      const refused = addresses.find((entry) => !isAddressAllowed(entry.address, allowed))
      if (refused) return callback(new ForbiddenAddressError(hostname, refused.address), [])
      if (options.all) return callback(null, addresses)
      const first = addresses[0]
      if (!first)
        return callback(
          Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }),
          [],
        )
      callback(null, first.address, first.family)
    })
  }

/** Non-public address ranges a webhook may reach (`WEBHOOK_ALLOWED_ADDRESS_RANGES`). */
type AllowedRanges = ReadonlySet<AddressRange>

const agents = new WeakMap<AllowedRanges, Agent>()

/**
 * The connection pool every webhook request goes through (keep-alive per origin): one per
 * process and allowed ranges.
 */
function webhookAgent(allowed: AllowedRanges): Agent {
  let agent = agents.get(allowed)
  if (!agent) {
    agent = new Agent({
      connect: { lookup: guardedLookup(allowed) as never },
      keepAliveTimeout: 10_000,
      connections: 64,
    })
    agents.set(allowed, agent)
  }
  return agent
}

/** Throws when the URL names a forbidden IP literal (those skip the DNS lookup). */
export function assertLiteralAddressAllowed(url: URL, allowed: AllowedRanges) {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!isLiteralAllowed(host, allowed)) throw new ForbiddenAddressError(host, host)
}

/** Hosts the verdicts of `isLiteralAllowed` keep, per set of ranges, before starting afresh. */
const verdictsKept = 10_000
const literalVerdicts = new WeakMap<AllowedRanges, Map<string, boolean>>()

/**
 * Whether `host` is no IP literal, or one in a public or an allowed range. Remembered per host:
 * every send asks, for a few hosts, and parsing the address each time was a few per cent of the
 * worker's CPU.
 */
function isLiteralAllowed(host: string, allowed: AllowedRanges): boolean {
  let verdicts = literalVerdicts.get(allowed)
  if (!verdicts) literalVerdicts.set(allowed, (verdicts = new Map()))
  let verdict = verdicts.get(host)
  if (verdict === undefined) {
    verdict = !isIP(host) || isAddressAllowed(host, allowed)
    if (verdicts.size >= verdictsKept) verdicts.clear()
    verdicts.set(host, verdict)
  }
  return verdict
}

/**
 * Whether `url` may be subscribed: an IP literal must be allowed, and a host name must not
 * resolve to a forbidden address. A name that does not resolve yet is accepted (the connect-time
 * check still applies).
 */
export async function checkEndpointAddress(url: URL, allowed: AllowedRanges): Promise<void> {
  assertLiteralAddressAllowed(url, allowed)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) return
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => [])
  const refused = addresses.find((entry) => !isAddressAllowed(entry.address, allowed))
  if (refused) throw new ForbiddenAddressError(host, refused.address)
}

/**
 * The deadline of one exchange, over connect, headers and body: one timer, and the signal undici
 * is given, which it may take as an event emitter. With an `AbortController` in its place an
 * exchange cost about 10 µs more CPU (70.6 against 60.0 µs, sender and loopback receiver, medians
 * of twelve interleaved rounds), a sixth of it: undici adds and removes a listener on its
 * `EventTarget` for every request. (`AbortSignal.timeout` cost more again: a timer and weak
 * references per send.)
 */
class Deadline extends EventEmitter {
  aborted = false
  reason: unknown = undefined
  private readonly timer: NodeJS.Timeout

  constructor(ms: number) {
    super()
    this.timer = setTimeout(() => {
      this.aborted = true
      this.reason = new DOMException('The exchange timed out', 'TimeoutError')
      this.emit('abort')
    }, ms)
  }

  clear() {
    clearTimeout(this.timer)
  }
}

/** What one HTTP exchange with a subscriber came to. */
export type ExchangeResult =
  | {
      kind: 'response'
      status: number
      body: string
      retryAfter: string | null
      durationMs: number
    }
  | { kind: 'error'; message: string; durationMs: number }

/**
 * One request to a subscriber: no redirects followed, bounded by `timeoutMs` as a whole, the
 * body read only up to the cap.
 */
export async function exchange(args: {
  url: string
  method: 'POST' | 'HEAD'
  headers: Record<string, string>
  body?: string
  timeoutMs: number
  /** Non-public ranges the address may be in. */
  allowed: AllowedRanges
}): Promise<ExchangeResult> {
  const started = performance.now()
  const durationMs = () => Math.round(performance.now() - started)
  const deadline = new Deadline(args.timeoutMs)
  try {
    const url = new URL(args.url)
    assertLiteralAddressAllowed(url, args.allowed)
    const response = await request(url, {
      method: args.method,
      headers: args.headers,
      body: args.body,
      dispatcher: webhookAgent(args.allowed),
      headersTimeout: args.timeoutMs,
      bodyTimeout: args.timeoutMs,
      signal: deadline,
    })
    const body = await readCapped(response.body)
    const retryAfter = response.headers['retry-after']
    return {
      kind: 'response',
      status: response.statusCode,
      body,
      retryAfter: Array.isArray(retryAfter) ? (retryAfter[0] ?? null) : (retryAfter ?? null),
      durationMs: durationMs(),
    }
  } catch (error) {
    return { kind: 'error', message: describeError(error), durationMs: durationMs() }
  } finally {
    deadline.clear()
  }
}

/** Beyond the cap, a body is read on (and dropped) up to this size to keep the connection. */
const drainLimit = 64 * 1024

async function readCapped(body: AsyncIterable<Buffer>) {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    if (size < responseBodyCap) chunks.push(chunk)
    size += chunk.length
    // Leaving the loop destroys the stream (and its connection): only for oversized bodies.
    if (size > drainLimit) break
  }
  return Buffer.concat(chunks).subarray(0, responseBodyCap).toString('utf8')
}

function describeError(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause
  // The consumer reads it in the delivery log: in their words, as the subscription's refusal.
  const refused = [error, cause].find((item) => item instanceof ForbiddenAddressError)
  if (refused) return `Not sent: ${refused.message}`
  const base = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  if (error instanceof Error && error.name === 'TimeoutError') return 'Timed out'
  return cause instanceof Error ? `${base} (${cause.message})` : base
}
