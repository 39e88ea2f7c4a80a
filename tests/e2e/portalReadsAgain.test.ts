import pg from 'pg'
import type { Browser, Page } from 'playwright-core'
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

/** Counts the page's GETs of exactly `path` (the portal calls the API at the site's root) from now on. */
function countReads(page: Page, path: string) {
  const reads = { count: 0 }
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === path) {
      reads.count++
    }
  })
  return reads
}

// Before: while an endpoint backed off, its page read it every second for as long as the back-off
// lasted (an hour: 3,600 reads, 60 a minute of the consumer's 300, shared with its own servers,
// for each page left open), and the page of a failed delivery never read it again, so the retry
// after the back-off never showed without a reload.
describe('a portal page left open while an endpoint backs off', () => {
  it('reads again when the back-off ends, not every second, and shows the outcome by itself', async () => {
    const owner = await createConsumer(await adminToken(), 'Patient integrator')
    const created = await api('/webhooks/subscriptions', {
      method: 'POST',
      apiKey: owner.apiKey,
      body: { endpoint_url: receiver.url('/fixed-while-paused'), events: ['order.created'] },
    })
    expect(created.status).toBe(201)
    const subscriptionId = created.body.id as string
    // The test event queued on creation fails, and the endpoint backs off.
    const failed = await eventually(async () => {
      const { rows } = await database.query<{ id: number }>(
        `SELECT d.id FROM webhook_deliveries d JOIN webhook_subscriptions s
           ON s.id = d.subscription_id
         WHERE d.subscription_id = $1 AND d.status = 'failed' AND s.backoff_level > 0`,
        [subscriptionId],
      )
      return rows[0]
    }).then((row) => row!)
    // Its back-off ends 8 s from now (written as the worker writes it), and the integrator has
    // fixed their server meanwhile: the failed test event goes again when the back-off ends.
    await database.query(
      `UPDATE webhook_subscriptions SET backoff_until = now() + interval '8 seconds' WHERE id = $1`,
      [subscriptionId],
    )
    isFixed = true

    const { page, context } = await portalPage(browser)
    await openPortal(page, (await portalLink(owner.apiKey)).url)
    const endpointReads = countReads(page, `/webhooks/subscriptions/${subscriptionId}`)
    await page.goto(`${baseUrl}/portal/endpoints/${subscriptionId}`)
    await page.getByText(/^Backing off until/).waitFor()
    const deliveryPage = await context.newPage()
    await deliveryPage.goto(`${baseUrl}/portal/deliveries/${failed.id}`)
    const deliveryHeading = deliveryPage.locator('.page-heading')
    await deliveryHeading.getByText('failed', { exact: true }).waitFor()

    // Neither page is reloaded: both show the retry's success by themselves.
    await page.getByText('Active', { exact: true }).waitFor({ timeout: 30_000 })
    await page
      .locator('dt', { hasText: 'Failures in a row' })
      .locator('xpath=following-sibling::dd[1]')
      .getByText('0', { exact: true })
      .waitFor({ timeout: 15_000 })
    await deliveryHeading.getByText('succeeded', { exact: true }).waitFor({ timeout: 15_000 })
    expect(receiver.postsTo('/fixed-while-paused').length).toBeGreaterThanOrEqual(2)
    // About 9 s with the endpoint's page open: read when shown, and again once the back-off
    // had ended, not every second.
    expect(endpointReads.count).toBeGreaterThanOrEqual(2)
    expect(endpointReads.count).toBeLessThanOrEqual(4)
  })
})
