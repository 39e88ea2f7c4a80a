import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildDeliveryRequest } from '@/webhooks/deliveryRequest'
import { eventCatalogue, WebhookEvents } from '@/webhooks/eventCatalogue'
import { ShopEvents } from '@/shop/webhookEventTypes'
import { defaultRetrySchedule, parseRetrySchedule, retryJitter } from '@/webhooks/retryPolicy'
import { generateSecret, rotationWindowMs } from '@/webhooks/secret'
import { sign } from '@/webhooks/signature'
import { disableAfterFailures } from '@/webhooks/subscriptionOutcome'
import { allowLoopbackWebhooksInDevelopment } from '../../scripts/lib/developmentWebhooks'
import { blockForFile, fencedBlocks } from '../helpers/markdownBlocks'
import { handInConfig } from '../helpers/testConfig'
import {
  eventually,
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../helpers/webhookReceiver'
import { restJson } from '../helpers/rest'
import { createProduct } from '../helpers/shop'
import { webhookHarness } from '../helpers/webhookHarness'

/**
 * The receiver guide's examples, run as the guide shows them: the marked code blocks of
 * docs/webhooks.md are written to a git-ignored directory inside the project (so that
 * `standardwebhooks` resolves from its node_modules), the receiver runs as a `node` child
 * process, and the real worker delivers real events to it.
 */
const root = path.resolve(import.meta.dirname, '../..')
const guide = await readFile(path.join(root, 'docs/webhooks.md'), 'utf8')
const examplesDir = path.join(
  root,
  '.doc-examples',
  `${process.pid}-${randomBytes(3).toString('hex')}`,
)

type VerifyWebhook = (args: {
  secret: string
  headers: Record<string, string | undefined>
  body: string | Buffer
  now?: number
}) => boolean
type Envelope = { id: string; type: string; timestamp: string; data: Record<string, any> }
type Delivery = { id: number; event_id: string; event_type: string; status: string } & Record<
  string,
  any
>

const webhooks = webhookHarness()
let payload: Payload
let capture: WebhookReceiver | undefined
const children: ChildProcess[] = []
let apiKey: string
let receiverUrl: string
let subscription: { id: string; secret: string }
let verifyWebhook: VerifyWebhook
const stdout: string[] = []

const asConsumer = () => ({ 'x-api-key': apiKey })

/** The JSON lines the example printed so far (every stdout line must be one). */
const printed = () => stdout.map((line) => JSON.parse(line) as Envelope)

beforeAll(async () => {
  payload = await webhooks.start()
  apiKey = await webhooks.consumerKey('Guide reader')

  await mkdir(examplesDir, { recursive: true })
  for (const file of ['webhook-receiver.mjs', 'verify-webhook.mjs']) {
    await writeFile(path.join(examplesDir, file), blockForFile(guide, file).code)
  }
  // Loaded at run time: the module is the guide's example, written out by the lines above.
  verifyWebhook = (await import(pathToFileURL(path.join(examplesDir, 'verify-webhook.mjs')).href))
    .verifyWebhook

  // The secret comes with the subscription, which needs the URL: pick the port first, start
  // the receiver with the secret, and only then the worker (which sends the test event).
  const port = await freePort()
  receiverUrl = `http://127.0.0.1:${port}/webhooks`
  subscription = await subscribe(receiverUrl, [ShopEvents.ProductCreated])
  await startExampleReceiver({ port, secret: subscription.secret, lines: stdout })
  await webhooks.worker({ pollMs: 50 })
})

afterAll(async () => {
  await capture?.close()
  for (const child of children.filter((each) => each.exitCode === null)) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  await rm(examplesDir, { recursive: true, force: true })
  await rmdir(path.dirname(examplesDir)).catch(() => {}) // when no other run uses it
})

async function freePort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * The guide's receiver as a `node` child process, given only what the guide says it needs (and
 * nothing of this process's settings); the lines it prints go to `lines`.
 */
async function startExampleReceiver(args: { port: number; secret: string; lines: string[] }) {
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production' as const,
    WEBHOOK_SECRET: args.secret,
    PORT: String(args.port),
  }
  const receiver = spawn(process.execPath, [path.join(examplesDir, 'webhook-receiver.mjs')], {
    cwd: examplesDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(receiver)
  let partial = ''
  let stderr = ''
  receiver.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n')
    partial = lines.pop()!
    args.lines.push(...lines)
  })
  receiver.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  await eventually(async () => {
    if (receiver.exitCode !== null) throw new Error(`The example receiver exited: ${stderr}`)
    return fetch(`http://127.0.0.1:${args.port}/webhooks`).then(
      (response) => response.status === 405,
      () => false,
    )
  })
}

const subscribe = (url: string, events: string[]) =>
  webhooks.subscribe(apiKey, { endpoint_url: url, events })

async function deliveries(subscriptionId: string): Promise<Delivery[]> {
  const response = await restJson(
    'GET',
    `/api/webhooks/subscriptions/${subscriptionId}/deliveries?per_page=100`,
    { headers: asConsumer() },
  )
  expect(response.status).toBe(200)
  return response.body.data
}

/** Waits until `check` returns something (polling), or fails. */
const until = <T>(check: () => Promise<T | null | undefined> | T | null | undefined) =>
  eventually(check) as Promise<T>

const waitForPrinted = (predicate: (event: Envelope) => boolean) =>
  until(() => printed().find(predicate))

/** Waits for the example to print an event of a freshly created product: all it printed before is in. */
async function printedMarker() {
  const product = await createProduct(payload)
  return waitForPrinted((event) => event.type === 'product.created' && event.data.id === product.id)
}

/** A delivery signed as the worker signs it (its own request builder), sent to the example. */
function signedDelivery(args: { secrets: string[]; data: Record<string, unknown> }) {
  return buildDeliveryRequest({
    eventId: randomUUID(),
    type: ShopEvents.ProductCreated,
    occurredAt: new Date(),
    data: args.data,
    secrets: args.secrets,
    now: new Date(),
  })
}

const post = (request: { body: string; headers: Record<string, string> }) =>
  fetch(receiverUrl, { method: 'POST', body: request.body, headers: request.headers })

describe('the example receiver, run as a child process', () => {
  it('accepts and prints the test event the worker sends on subscribing', async () => {
    const event = await waitForPrinted((line) => line.type === WebhookEvents.Test)
    expect(event.data.subscription_id).toBe(subscription.id)
    const [test] = await until(async () => {
      const log = await deliveries(subscription.id)
      return log[0]?.status === 'succeeded' ? log : null
    })
    expect(test).toMatchObject({ event_id: event.id, event_type: 'webhook.test' })
    expect(test!.last_response_status).toBeGreaterThanOrEqual(200)
    expect(test!.last_response_status).toBeLessThan(300)
  })

  it('accepts and prints a business event with the documented fields', async () => {
    const product = await createProduct(payload, { name: 'Guide shirt' })
    const event = await waitForPrinted(
      (line) => line.type === 'product.created' && line.data.id === product.id,
    )
    expect(event.data.name).toBe('Guide shirt')
    const documented = eventCatalogue.find((type) => type.name === 'product.created')!
    expect(Object.keys(event.data).sort()).toEqual(Object.keys(documented.examplePayload).sort())
    const delivery = await until(async () =>
      (await deliveries(subscription.id)).find(
        (entry) => entry.event_id === event.id && entry.status === 'succeeded',
      ),
    )
    expect(delivery.event_type).toBe('product.created')
    expect(stdout.every((line) => typeof JSON.parse(line) === 'object')).toBe(true)
  })

  it('answers 4xx to a tampered body, a wrong signature and missing headers, and prints none of them', async () => {
    const genuine = signedDelivery({ secrets: [subscription.secret], data: { id: -1, name: 'A' } })
    const tampered = await post({ ...genuine, body: genuine.body.replace('"A"', '"B"') })
    expect(tampered.status).toBeGreaterThanOrEqual(400)
    expect(tampered.status).toBeLessThan(500)

    const forged = buildDeliveryRequest({
      eventId: JSON.parse(genuine.body).id,
      type: ShopEvents.ProductCreated,
      occurredAt: new Date(JSON.parse(genuine.body).timestamp),
      data: { id: -1, name: 'A' },
      secrets: [generateSecret()],
      now: new Date(),
    })
    expect(forged.body).toBe(genuine.body)
    const wrongSignature = await post(forged)
    expect(wrongSignature.status).toBeGreaterThanOrEqual(400)
    expect(wrongSignature.status).toBeLessThan(500)

    const { 'webhook-signature': _signature, ...unsigned } = genuine.headers
    const missing = await post({ body: genuine.body, headers: unsigned })
    expect(missing.status).toBeGreaterThanOrEqual(400)
    expect(missing.status).toBeLessThan(500)

    // The genuine request itself is accepted: the refusals were the tampering's doing.
    const accepted = await post(genuine)
    expect(accepted.status).toBeGreaterThanOrEqual(200)
    expect(accepted.status).toBeLessThan(300)
    await printedMarker()
    const lines = printed().filter((event) => event.id === genuine.headers['webhook-id'])
    expect(lines).toEqual([expect.objectContaining({ data: { id: -1, name: 'A' } })])
  })

  it('acknowledges a redelivery of the same webhook-id without processing it again', async () => {
    const product = await createProduct(payload)
    const event = await waitForPrinted(
      (line) => line.type === 'product.created' && line.data.id === product.id,
    )
    const delivery = await until(async () =>
      (await deliveries(subscription.id)).find(
        (entry) => entry.event_id === event.id && entry.status === 'succeeded',
      ),
    )

    // A real redelivery: the retry endpoint, the worker, a new timestamp and signature.
    const retry = await restJson('POST', `/api/webhooks/deliveries/${delivery.id}/retry`, {
      headers: asConsumer(),
    })
    expect(retry.status).toBe(202)
    const redelivered = await until(async () =>
      (await deliveries(subscription.id)).find(
        (entry) =>
          entry.id === delivery.id &&
          entry.attempts === 2 &&
          !['pending', 'delivering'].includes(entry.status),
      ),
    )
    expect(redelivered.status).toBe('succeeded')
    expect(redelivered.last_response_status).toBeGreaterThanOrEqual(200)
    expect(redelivered.last_response_status).toBeLessThan(300)

    // The same request twice, byte for byte.
    const twice = signedDelivery({ secrets: [subscription.secret], data: { id: -2 } })
    expect((await post(twice)).ok).toBe(true)
    expect((await post(twice)).ok).toBe(true)

    await printedMarker()
    expect(printed().filter((line) => line.id === event.id)).toHaveLength(1)
    expect(printed().filter((line) => line.id === twice.headers['webhook-id'])).toHaveLength(1)
  })
})

describe("the guide's walk on one machine, from a receiver on localhost to a verified event", () => {
  /** A `curl` command of the guide: its method, path and JSON body. */
  const curl = (file: string) => {
    const command = blockForFile(guide, file).code.replace(/\\\n\s*/g, ' ')
    const [, method, url] = /curl -X (\w+) (\S+)/.exec(command)!
    const body = /-d '([^']*)'/.exec(command)?.[1]
    return {
      method: method as 'POST',
      // The app serves /webhooks/... by a Next rewrite onto /api/webhooks/...
      path: `/api${new URL(url!).pathname}`,
      body: body === undefined ? undefined : JSON.parse(body),
    }
  }
  const subscribeStep = curl('subscribe-localhost.sh')
  /** Puts back the configuration from before these steps. */
  let restore: () => void

  beforeAll(() => {
    restore = handInConfig(payload, {})
  })

  afterAll(() => {
    restore()
  })

  it('step 1: production refuses a localhost endpoint with a 400 that names no server setting', async () => {
    expect(subscribeStep.body.endpoint_url).toMatch(/^http:\/\/localhost:8080\//)
    handInConfig(payload, { WEBHOOK_ALLOWED_ADDRESS_RANGES: undefined }) // as `npm start` leaves it
    const refused = await restJson(subscribeStep.method, subscribeStep.path, {
      headers: asConsumer(),
      body: subscribeStep.body,
    })
    expect(refused.status).toBe(400)
    const documented = /`\.\.\. (an address [^`]+)`/.exec(guide)?.[1]
    expect(documented).toBeDefined()
    expect(refused.body.error.message).toMatch(/^endpoint_url: localhost resolves to /)
    expect(refused.body.error.message.endsWith(documented!)).toBe(true)
    expect(refused.body.error.message).not.toContain('WEBHOOK_')
  })

  it('step 1: npm run dev allows loopback when the setting is unset, and says so once', () => {
    const logged: string[] = []
    const unset: Record<string, string | undefined> = {}
    allowLoopbackWebhooksInDevelopment(unset, (line) => logged.push(line))
    expect(unset.WEBHOOK_ALLOWED_ADDRESS_RANGES).toBe('loopback')
    expect(logged).toEqual([expect.stringContaining('WEBHOOK_ALLOWED_ADDRESS_RANGES')])
    // The operator's own setting wins, an empty one (refuse, as production does) included.
    const configured: Record<string, string | undefined> = { WEBHOOK_ALLOWED_ADDRESS_RANGES: '' }
    allowLoopbackWebhooksInDevelopment(configured, (line) => logged.push(line))
    expect(configured.WEBHOOK_ALLOWED_ADDRESS_RANGES).toBe('')
    expect(logged).toHaveLength(1)
  })

  it('steps 2 to 4: subscribe localhost, start the receiver with the secret, send a test event', async () => {
    const development: Record<string, string | undefined> = {
      WEBHOOK_ALLOWED_ADDRESS_RANGES: undefined,
    }
    allowLoopbackWebhooksInDevelopment(development, () => {}) // what `npm run dev` does
    handInConfig(payload, development)

    // 2. Subscribe (the guide's port is taken here by whatever: use a free one).
    const port = await freePort()
    const created = await restJson(subscribeStep.method, subscribeStep.path, {
      headers: asConsumer(),
      body: {
        ...subscribeStep.body,
        endpoint_url: subscribeStep.body.endpoint_url.replace(':8080/', `:${port}/`),
      },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { id, secret } = created.body as { id: string; secret: string }

    // 3. Start the receiver with that secret.
    const lines: string[] = []
    await startExampleReceiver({ port, secret, lines })

    // 4. Send a test event: the receiver verifies and prints it.
    const testStep = curl('send-test-event.sh')
    const sent = await restJson(testStep.method, testStep.path.replace('%3Cid%3E', id), {
      headers: asConsumer(),
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const eventId = sent.body.data.event_id as string
    const event = await until(() =>
      lines.map((line) => JSON.parse(line) as Envelope).find((line) => line.id === eventId),
    )
    expect(event).toMatchObject({ type: WebhookEvents.Test, data: { subscription_id: id } })
  })
})

describe('the by-hand verification function', () => {
  const deliveryTo = (pathname: string, eventId: string) =>
    capture!.waitFor((posts) => posts.some((p) => p.path === pathname && isEvent(p, eventId)))
  const isEvent = (post: ReceivedWebhook, eventId: string) => JSON.parse(post.body).id === eventId

  it('accepts a real delivery and refuses it tampered, under another secret, or stale', async () => {
    capture = await startWebhookReceiver()
    const captured = await subscribe(capture.url('/by-hand'), [ShopEvents.OrderPaid])
    const posts = await capture.waitFor((all) => all.some((p) => p.path === '/by-hand'))
    const real = posts.find((p) => p.path === '/by-hand')!
    expect(JSON.parse(real.body).type).toBe(WebhookEvents.Test)

    const secret = captured.secret
    expect(verifyWebhook({ secret, headers: real.headers, body: real.body })).toBe(true)
    expect(verifyWebhook({ secret, headers: real.headers, body: Buffer.from(real.body) })).toBe(
      true,
    )
    const tamperedBody = real.body.replace('"webhook.test"', '"order.paid"')
    expect(tamperedBody).not.toBe(real.body)
    expect(verifyWebhook({ secret, headers: real.headers, body: tamperedBody })).toBe(false)
    expect(
      verifyWebhook({
        secret,
        headers: { ...real.headers, 'webhook-id': randomUUID() },
        body: real.body,
      }),
    ).toBe(false)
    expect(
      verifyWebhook({ secret: generateSecret(), headers: real.headers, body: real.body }),
    ).toBe(false)
    const sentAt = Number(real.headers['webhook-timestamp']) * 1000
    expect(verifyWebhook({ secret, headers: real.headers, body: real.body, now: sentAt })).toBe(
      true,
    )
    expect(
      verifyWebhook({ secret, headers: real.headers, body: real.body, now: sentAt + 6 * 60_000 }),
    ).toBe(false)

    // During a rotation: two signatures, either secret verifies, a third does not.
    const rotation = await restJson(
      'POST',
      `/api/webhooks/subscriptions/${captured.id}/rotate-secret`,
      { headers: asConsumer() },
    )
    expect(rotation.status).toBe(200)
    const test = await restJson('POST', `/api/webhooks/subscriptions/${captured.id}/test`, {
      headers: asConsumer(),
    })
    expect(test.status).toBe(201)
    const rotated = (await deliveryTo('/by-hand', test.body.data.event_id)).find((p) =>
      isEvent(p, test.body.data.event_id),
    )!
    expect(rotated.headers['webhook-signature']!.split(' ')).toHaveLength(2)
    for (const key of [rotation.body.secret, secret]) {
      expect(verifyWebhook({ secret: key, headers: rotated.headers, body: rotated.body })).toBe(
        true,
      )
    }
    expect(
      verifyWebhook({ secret: generateSecret(), headers: rotated.headers, body: rotated.body }),
    ).toBe(false)
  })

  it("accepts the guide's example delivery with its example secret, as the service signs it", () => {
    const secret = /example secret `([^`]+)`/.exec(guide)?.[1]
    expect(secret).toBeDefined()
    const http = blockForFile(guide, 'example-delivery.http').code
    const [head, body, ...rest] = http.split('\n\n')
    expect(rest).toEqual([])
    const headers = Object.fromEntries(
      head!
        .split('\n')
        .slice(1)
        .map((line) => [
          line.slice(0, line.indexOf(':')),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
    )
    const rawBody = body!.replace(/\n$/, '')
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(rawBody))
    expect(JSON.parse(rawBody).id).toBe(headers['webhook-id'])
    const timestamp = Number(headers['webhook-timestamp'])
    expect(sign({ id: headers['webhook-id']!, timestamp, body: rawBody, secret: secret! })).toBe(
      headers['webhook-signature'],
    )
    expect(verifyWebhook({ secret: secret!, headers, body: rawBody, now: timestamp * 1000 })).toBe(
      true,
    )
  })
})

describe('what the guide states about the code', () => {
  const eventTypesSection = guide.slice(guide.indexOf('\n## Event types\n'))

  it('lists every event type of the catalogue, with its description and example payload', () => {
    const sections = eventTypesSection.split(/^### /m).slice(1)
    const documented = new Map(
      sections.map((section) => [/^`([^`]+)`\n/.exec(section)?.[1] ?? section, section]),
    )
    expect([...documented.keys()]).toEqual(eventCatalogue.map((type) => type.name))
    for (const type of eventCatalogue) {
      const section = documented.get(type.name)!
      expect(section, type.name).toContain(`\n\n${type.description}\n\n`)
      const [example] = fencedBlocks(section).filter((block) => block.language === 'json')
      expect(example, type.name).toBeDefined()
      expect(JSON.parse(example!.code), type.name).toEqual(type.examplePayload)
    }
  })

  it("states the code's default retry schedule, in the setting and in the table", () => {
    expect(/`WEBHOOK_RETRY_SCHEDULE=([^`]+)`/.exec(guide)?.[1]).toBe(defaultRetrySchedule)
    const schedule = parseRetrySchedule(defaultRetrySchedule)
    const rows = [...guide.matchAll(/^\|\s*(\d+) \| ([^|]+)\|([^|]+)\|$/gm)].map((row) => ({
      attempt: Number(row[1]),
      delay: duration(row[2]!),
      sinceFirst: duration(row[3]!),
    }))
    expect(rows.map((row) => row.attempt)).toEqual(schedule.map((_, index) => index + 1))
    expect(rows.map((row) => row.delay)).toEqual(schedule)
    let total = 0
    const totals = schedule.map((delay) => (total += delay))
    expect(rows.map((row) => row.sinceFirst)).toEqual(totals)
    expect(guide).toContain(`**${numberWord(schedule.length)} attempts**`)
  })

  it('states the jitter, the disabling threshold and the rotation window of the code', () => {
    expect(guide).toContain(`±${retryJitter * 100} %`)
    expect(guide).toContain(`**${disableAfterFailures} times in a row**`)
    expect(guide).toContain(`For **${rotationWindowMs / 60_000} minutes** after the rotation`)
  })
})

/** Milliseconds of a duration as the guide writes it: `0 (at once)`, `2 h 35 min 5 s`. */
function duration(text: string): number {
  const units: Record<string, number> = { d: 86_400_000, h: 3_600_000, min: 60_000, s: 1000 }
  const words = text.replace(/\(.*\)/, '').trim()
  if (words === '0') return 0
  const parts = [...words.matchAll(/(\d+) (d|h|min|s)\b/g)]
  expect(parts.map((part) => part[0]).join(' '), text).toBe(words)
  return parts.reduce((sum, part) => sum + Number(part[1]) * units[part[2]!]!, 0)
}

const numberWord = (count: number) =>
  ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'][count] ??
  String(count)
