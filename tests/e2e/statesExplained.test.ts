import { mkdir } from 'node:fs/promises'

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type pg from 'pg'

import { seedCredentials } from '../../seed/identities'
import { formatDateTime } from '../../src/text/dateTimeFormat'
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'
import { api, appDatabase } from './api'
import { adminPanelAs, browserForFile } from './browser'
import { adminToken, createConsumer, openPortal, portalLink, portalPage } from './portalHelpers'

// A delivery showed "failed, next attempt 12:40" at 12:45 while its endpoint backed off until
// 13:09; the portal showed "Last delivery: None yet" beside "Failures in a row 3"; dates came in
// four formats. What the admin and the integrator read is now true, explained, in one format.
const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
const browser = browserForFile()
/** The reader's zone: the browser's pages are in the zone this process writes times in. */
const timezoneId = Intl.DateTimeFormat().resolvedOptions().timeZone

let database: pg.Client
let receiver: WebhookReceiver
let consumer: Awaited<ReturnType<typeof createConsumer>>
let subscriptionId = ''
let deliveryId = 0
let backoffUntil = ''
let createdAt = ''

beforeAll(async () => {
  database = await appDatabase()
  receiver = await startWebhookReceiver(() => ({ status: 500 }))
  consumer = await createConsumer(await adminToken(), 'States explained')
  const subscribed = await api('/webhooks/subscriptions', {
    method: 'POST',
    apiKey: consumer.apiKey,
    body: { endpoint_url: receiver.url('/down'), events: ['order.paid'] },
  })
  expect(subscribed.status).toBe(201)
  subscriptionId = subscribed.body.id
  // The creation's test delivery fails its first attempt.
  const failed = await eventually(async () => {
    const { rows } = await database.query<{ id: number; created_at: Date }>(
      `SELECT id, created_at FROM webhook_deliveries
       WHERE subscription_id = $1 AND status = 'failed' AND attempts = 1`,
      [subscriptionId],
    )
    return rows[0]
  })
  deliveryId = failed!.id
  createdAt = failed!.created_at.toISOString()
  // Three failures in a row later, as the worker leaves it: the endpoint backs off for an
  // hour, and the delivery's own retry time has passed (the "12:40 at 12:45").
  const { rows } = await database.query<{ backoff_until: Date }>(
    `UPDATE webhook_subscriptions
     SET backoff_level = 3, failure_count = 3, backoff_until = now() + interval '1 hour'
     WHERE id = $1 RETURNING backoff_until`,
    [subscriptionId],
  )
  backoffUntil = rows[0]!.backoff_until.toISOString()
  await database.query(
    `UPDATE webhook_deliveries SET next_attempt_at = now() - interval '5 minutes' WHERE id = $1`,
    [deliveryId],
  )
})

afterAll(async () => {
  await database?.end()
  await receiver?.close()
})

const explained = () =>
  `Next attempt after ${formatDateTime(backoffUntil)}: the endpoint is backing off after 3 failures in a row.`

describe('a failed delivery whose endpoint backs off', () => {
  it('says in the portal when and why its next attempt comes, and the endpoint its last success', async () => {
    const { page, context } = await portalPage(browser(), undefined, {
      locale: 'en-US',
      timezoneId,
    })
    try {
      await openPortal(page, (await portalLink(consumer.apiKey)).url)
      await page.goto(`${baseUrl}/portal/deliveries/${deliveryId}`)
      const next = page.locator('dt', { hasText: /^Next attempt$/ }).locator('xpath=../dd')
      await next.waitFor()
      expect((await next.textContent())?.trim()).toBe(explained())
      const created = page.locator('dt', { hasText: /^Created$/ }).locator('xpath=../dd')
      expect((await created.textContent())?.trim()).toBe(formatDateTime(createdAt))

      await page.goto(`${baseUrl}/portal/endpoints/${subscriptionId}`)
      const lastSuccess = page.locator('dt', { hasText: /^Last success$/ }).locator('xpath=../dd')
      await lastSuccess.waitFor()
      expect((await lastSuccess.textContent())?.trim()).toBe('None yet')
      const failures = page.locator('dt', { hasText: /^Failures in a row$/ }).locator('xpath=../dd')
      expect((await failures.textContent())?.trim()).toBe('3')
      expect(await page.getByText('Last delivery', { exact: true }).count()).toBe(0)
      // The endpoint list's card says the same as the endpoint's page.
      await page.goto(`${baseUrl}/portal`)
      const card = page.locator('li', {
        has: page.locator(`a[href$="/endpoints/${subscriptionId}"]`),
      })
      const cardSuccess = card.locator('dt', { hasText: /^Last success$/ }).locator('xpath=../dd')
      await cardSuccess.waitFor()
      expect((await cardSuccess.textContent())?.trim()).toBe('None yet')
      expect(await page.getByText('Last delivery', { exact: true }).count()).toBe(0)
      await page.goto(`${baseUrl}/portal/endpoints/${subscriptionId}`)

      // The log says it too, beside "failed".
      const row = page.locator('tr', {
        has: page.getByRole('link', { name: `#${deliveryId}`, exact: true }),
      })
      await row.waitFor()
      expect(await row.textContent()).toContain(explained())
    } finally {
      await context.close()
    }
  })

  it('says the same in the admin panel, on the delivery and in the list, in the same date format', async () => {
    const page = await adminPanelAs(browser(), credentials.adminEmail, credentials.adminPassword)
    await page.goto(`${baseUrl}/admin/collections/webhook-deliveries/${deliveryId}`)
    await page.getByText(explained(), { exact: true }).waitFor()
    await page.getByText(explained(), { exact: true }).scrollIntoViewIfNeeded()
    await page.mouse.wheel(0, 200)
    await mkdir('docs/images', { recursive: true })
    await page.screenshot({ path: 'docs/images/admin-delivery-next-attempt.png' })
    // No time in the past posing as the next attempt.
    expect(await page.getByText('Next Attempt At', { exact: true }).count()).toBe(0)
    expect(await page.locator('#field-nextAttemptAt').isVisible()).toBe(false)
    // The times the worker wrote read as text in the same format, with no "×" to clear them.
    const lastAttempt = page.getByLabel('Last Attempt At', { exact: true })
    expect(await lastAttempt.inputValue()).toMatch(
      /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2} UTC[+-]\d{2}:\d{2}$/,
    )
    expect(await lastAttempt.isEditable()).toBe(false)
    expect(await page.locator('.date-time-picker__clear-button').count()).toBe(0)

    await page.goto(
      `${baseUrl}/admin/collections/webhook-deliveries?limit=100&where[subscription][equals]=${subscriptionId}`,
    )
    const row = page.locator('tbody tr', { hasText: explained() })
    await row.waitFor()
    // "Created At" in the list reads as the portal writes it.
    await row.getByText(formatDateTime(createdAt), { exact: true }).waitFor()
  })
})
