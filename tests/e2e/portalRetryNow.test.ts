import pg from 'pg'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { eventually, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'
import { api } from './api'
import { launchBrowser } from './browser'
import { adminToken, createConsumer, openPortal, portalLink, portalPage } from './portalHelpers'

const baseUrl = inject('baseUrl')

let browser: Browser
let database: pg.Client
let receiver: WebhookReceiver
/** Whether the integrator has fixed their endpoint yet. */
let isFixed = false

beforeAll(async () => {
  browser = await launchBrowser()
  database = new pg.Client({ connectionString: inject('databaseUrl') })
  await database.connect()
  receiver = await startWebhookReceiver((request) =>
    request.method === 'POST' && !isFixed ? { status: 500 } : { status: 200 },
  )
})

afterAll(async () => {
  await browser?.close()
  await database?.end()
  await receiver?.close()
})

// Before: "Retry now" said "Queued again: waiting for the attempt…", then "No attempt yet", the
// attempt went out when the back-off ended, and the page said "pending" until reloaded.
describe('"Retry now" in the portal, for an endpoint backing off for an hour', () => {
  it('sends at once, and the delivery page goes from pending to succeeded without a reload', async () => {
    const owner = await createConsumer(await adminToken(), 'Retry-now integrator')
    const created = await api('/webhooks/subscriptions', {
      method: 'POST',
      apiKey: owner.apiKey,
      body: { endpoint_url: receiver.url('/fixed-later'), events: ['order.created'] },
    })
    expect(created.status).toBe(201)
    const subscriptionId = created.body.id as string
    // The test event queued on creation fails; the endpoint then backs off, for an hour here
    // (written as the worker writes it, rather than waited for).
    const failed = await eventually(async () => {
      const { rows } = await database.query<{ id: number }>(
        `SELECT d.id FROM webhook_deliveries d JOIN webhook_subscriptions s
           ON s.id = d.subscription_id
         WHERE d.subscription_id = $1 AND d.status = 'failed' AND s.backoff_level > 0`,
        [subscriptionId],
      )
      return rows[0]
    }).then((row) => row!)
    await database.query(
      `UPDATE webhook_subscriptions SET backoff_until = now() + interval '1 hour' WHERE id = $1`,
      [subscriptionId],
    )
    isFixed = true

    const { page } = await portalPage(browser)
    await openPortal(page, (await portalLink(owner.apiKey)).url)
    await page.goto(`${baseUrl}/portal/deliveries/${failed.id}`)
    await page.getByRole('heading', { level: 1, name: `Delivery ${failed.id}` }).waitFor()
    const heading = page.locator('.page-heading')
    await heading.getByText('failed', { exact: true }).waitFor()
    // A mark on this document: a reload or navigation would drop it.
    await page.evaluate(() => Object.assign(window, { retryNowMark: true }))

    await page.getByRole('button', { name: 'Retry now' }).click()
    // The bound: the attempt within 5 s, and the page says so by itself.
    await heading.getByText('succeeded', { exact: true }).waitFor({ timeout: 5000 })
    await page.getByText(/The retry was delivered: your endpoint answered 200/).waitFor()
    expect(await page.evaluate(() => 'retryNowMark' in window)).toBe(true)
    expect(receiver.postsTo('/fixed-later').at(-1)).toBeDefined()
    // The success ended the back-off and the count of failures.
    const { rows } = await database.query<{ backoff_level: number; failure_count: number }>(
      `SELECT backoff_level::int AS backoff_level, failure_count::int AS failure_count
       FROM webhook_subscriptions WHERE id = $1`,
      [subscriptionId],
    )
    expect(rows[0]).toEqual({ backoff_level: 0, failure_count: 0 })
  })
})
