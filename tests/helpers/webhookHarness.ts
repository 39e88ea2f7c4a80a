import { createLocalReq, type Payload } from 'payload'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'

import { seedWebhookEventTypes } from '../../seed/webhooks'
import { inTransaction } from '../../src/db/transaction'
import type { WebhookEventName } from '../../src/webhooks/eventCatalogue'
import { emitEvent } from '../../src/webhooks/operations/emitEvent'
import { startWebhookWorker, type WebhookWorker } from '../../src/webhooks/worker/worker'
import { consumerWithKey } from './identities'
import { getTestPayload } from './payload'
import { restJson } from './rest'
import { useFakeStripe as pointPayloadAtFakeStripe } from './shop'
import {
  answerByPath,
  startWebhookReceiver,
  type Answer,
  type ReceivedWebhook,
  type WebhookReceiver,
} from './webhookReceiver'
import { workerProcesses } from './webhookWorkers'

/** Settings of the app as an operator writes them (`getTestPayload`'s). */
type Settings = Parameters<typeof getTestPayload>[0]
/** What an in-process worker takes on top of the configuration's webhook settings. */
type WorkerSettings = Parameters<typeof startWebhookWorker>[1]
/** How an in-process worker batches its outcomes, over its defaults. */
type OutcomeBatching = Parameters<typeof startWebhookWorker>[2]

/** One business event to emit. */
export type EmittedEvent = { type: WebhookEventName; data: Record<string, unknown> }

/**
 * What a webhook test file starts, in one place. Call it once at the top of the file: it
 * registers the `afterAll` that stops everything it started (worker processes, in-process
 * workers, receivers, fake Stripes). In `beforeAll`, `start()` gives the file's Payload with the
 * event types seeded; then `receiver`, `fakeStripe`, `worker`, `processes.start`, `consumerKey`
 * and `subscribe` as the tests need them.
 */
export function webhookHarness() {
  let started: Payload | undefined
  const receivers: { close: () => Promise<void> }[] = []
  const fakeStripes: { stop: () => Promise<void> }[] = []
  const workers = new Set<WebhookWorker>()
  const processes = workerProcesses()

  const payload = () => {
    if (!started) throw new Error('webhookHarness: call start() first (in beforeAll)')
    return started
  }

  /** Stops every in-process worker started so far (for an `afterEach`). */
  const stopWorkers = async () => {
    await Promise.all([...workers].map((worker) => worker.stop()))
  }

  afterAll(async () => {
    processes.killAll()
    await stopWorkers()
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()))
    await Promise.all(fakeStripes.splice(0).map((stripe) => stripe.stop()))
  })

  return {
    /** Payload on this file's database (with `settings`: as `getTestPayload` takes them), the event types seeded. */
    async start(settings?: Settings) {
      started = await getTestPayload(settings)
      await seedWebhookEventTypes(started)
      return started
    },
    /** A fake Stripe the file's Payload pays through (`useFakeStripe`); stopped after the file. */
    async fakeStripe() {
      const stripe = await pointPayloadAtFakeStripe(payload())
      fakeStripes.push(stripe)
      return stripe
    },
    /** A receiver on loopback answering as `answer` says (200 by default); closed after the file. */
    async receiver(answer?: (request: ReceivedWebhook) => Answer) {
      const receiver = await startWebhookReceiver(answer)
      receivers.push(receiver)
      return receiver
    },
    /**
     * A webhook worker in this process, with `settings` over the configuration's; its `stop`
     * may be called more than once, and it is stopped by `stopWorkers` or after the file.
     */
    async worker(settings?: WorkerSettings, batching?: OutcomeBatching): Promise<WebhookWorker> {
      const running = await startWebhookWorker(payload(), settings, batching)
      let stopping: Promise<void> | undefined
      const worker: WebhookWorker = {
        ...running,
        stop: (options) => {
          workers.delete(worker)
          return (stopping ??= running.stop(options))
        },
      }
      workers.add(worker)
      return worker
    },
    stopWorkers,
    /** Worker processes (`npm run worker`), killed after the file. */
    processes,
    /** Creates a consumer named `name` with a fresh API key; returns the key. */
    async consumerKey(name?: string) {
      return (await consumerWithKey(payload(), name)).apiKey
    },
    /** Creates a subscription as the consumer holding `apiKey` (`POST /api/webhooks/subscriptions`). */
    async subscribe<Subscription = { id: string; secret: string }>(
      apiKey: string,
      body: Record<string, unknown>,
    ): Promise<Subscription> {
      const response = await restJson('POST', '/api/webhooks/subscriptions', {
        headers: { 'x-api-key': apiKey },
        body,
      })
      expect(response.status, JSON.stringify(response.body)).toBe(201)
      return response.body as Subscription
    },
    /** Emits each event in its own transaction, in this order, as business changes do. */
    async emit(...events: EmittedEvent[]) {
      for (const event of events) {
        const req = await createLocalReq({}, payload())
        await inTransaction(req, () => emitEvent({ req, ...event }))
      }
    },
  }
}

/**
 * `webhookHarness()` for a file whose tests follow deliveries to one receiver as consumer A,
 * with consumer B (someone else) asking for what must stay A's. Call it once at the top of the
 * file: it registers the `beforeAll` that starts the receiver (a delivery to a path is answered
 * by the rule `answers` holds for that path, 200 where none is set; the endpoint probe gets a
 * 200), the file's Payload and the two consumers (named `names.a` and `names.b`), and the
 * `afterEach` that stops the in-process workers.
 */
export function twoConsumerWebhooks(names: { a: string; b: string }) {
  const webhooks = webhookHarness()
  /** How each path answers deliveries; 200 when none is set. */
  const answers = new Map<string, (request: ReceivedWebhook) => Answer>()
  let started: { payload: Payload; receiver: WebhookReceiver; keyA: string; keyB: string }
  beforeAll(async () => {
    const receiver = await webhooks.receiver(answerByPath(answers))
    const payload = await webhooks.start()
    const keyA = await webhooks.consumerKey(names.a)
    const keyB = await webhooks.consumerKey(names.b)
    started = { payload, receiver, keyA, keyB }
  })
  afterEach(() => webhooks.stopWorkers())
  const file = () => {
    if (!started) throw new Error('twoConsumerWebhooks: started in beforeAll')
    return started
  }
  return {
    ...webhooks,
    answers,
    payload: () => file().payload,
    receiver: () => file().receiver,
    /** Consumer A's API key. */
    keyA: () => file().keyA,
    /** Consumer A's headers (`x-api-key`). */
    asA: () => ({ 'x-api-key': file().keyA }),
    /** Consumer B's headers (`x-api-key`). */
    asB: () => ({ 'x-api-key': file().keyB }),
  }
}
