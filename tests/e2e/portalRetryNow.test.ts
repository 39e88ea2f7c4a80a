import pg from 'pg'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'
import { launchBrowser } from './browser'
import { backingOffEndpoint, openPortal, portalLink, portalPage } from './portalHelpers'

const baseUrl = inject('baseUrl')

let browser: Browser
let database: pg.Client
let receiver: WebhookReceiver
/** The endpoint paths the integrator has fixed (the rest answer deliveries with 500). */
const fixed = new Set<string>()

beforeAll(async () => {
  browser = await launchBrowser()
  database = new pg.Client({ connectionString: inject('databaseUrl') })
  await database.connect()
  receiver = await startWebhookReceiver((request) =>
    request.method === 'POST' && !fixed.has(request.path) ? { status: 500 } : { status: 200 },
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
    // The test event queued on creation fails; the endpoint then backs off, for an hour here.
    const { owner, subscriptionId, failedDeliveryId } = await backingOffEndpoint(database, {
      consumerName: 'Retry-now integrator',
      endpointUrl: receiver.url('/fixed-later'),
      backoff: '1 hour',
    })
    fixed.add('/fixed-later')

    const { page } = await portalPage(browser)
    await openPortal(page, (await portalLink(owner.apiKey)).url)
    await page.goto(`${baseUrl}/portal/deliveries/${failedDeliveryId}`)
    await page.getByRole('heading', { level: 1, name: `Delivery ${failedDeliveryId}` }).waitFor()
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
    // The test event queued on creation fails, and the endpoint backs off until 8 s from now;
    // the integrator fixes their server meanwhile: the failed test event goes again then.
    const { owner, subscriptionId, failedDeliveryId } = await backingOffEndpoint(database, {
      consumerName: 'Patient integrator',
      endpointUrl: receiver.url('/fixed-while-paused'),
      backoff: '8 seconds',
    })
    fixed.add('/fixed-while-paused')

    const { page, context } = await portalPage(browser)
    await openPortal(page, (await portalLink(owner.apiKey)).url)
    const endpointReads = countReads(page, `/webhooks/subscriptions/${subscriptionId}`)
    await page.goto(`${baseUrl}/portal/endpoints/${subscriptionId}`)
    await page.getByText(/^Backing off until/).waitFor()
    const deliveryPage = await context.newPage()
    await deliveryPage.goto(`${baseUrl}/portal/deliveries/${failedDeliveryId}`)
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
