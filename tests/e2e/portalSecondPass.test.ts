import { mkdir } from 'node:fs/promises'

import pg from 'pg'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'
import { api } from './api'
import { adminPanelAs, browserForFile } from './browser'
import {
  backingOffEndpoint,
  openPortal,
  portalLink,
  portalPage,
  type createConsumer,
} from './portalHelpers'

// Issue 52, items 3 to 6, as an integrator and an admin see them: a test delivery says it is a
// test, messages are for people (no route, no HTTP verb, no session that never was, banners and
// counts that follow the state, plurals), times to the second, date filters in the reader's
// order, pills that never break inside a word, long text in a text area.

const baseUrl = inject('baseUrl')
const browser = browserForFile()
const credentials = seedCredentials()

/** A route or an HTTP verb: words for programmers, never shown to a person. */
const programmerWords = /\b(GET|POST|PUT|PATCH|DELETE)\b|\/webhooks\/|\/api\//
/** A time to the second, as the portal and the admin panel write it. */
const toTheSecond = /\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2} UTC[+-]\d{2}:\d{2}/

let database: pg.Client
let receiver: WebhookReceiver
/** The receiver's answer to every POST: 503 until the integrator "fixes" the endpoint. */
let answer = 503
let owner: Awaited<ReturnType<typeof createConsumer>>
let subscriptionId = ''
/** The test delivery queued when the endpoint was created: it failed once. */
let testDeliveryId = 0

beforeAll(async () => {
  database = new pg.Client({ connectionString: inject('databaseUrl') })
  await database.connect()
  receiver = await startWebhookReceiver(() => ({ status: answer }))
  const backingOff = await backingOffEndpoint(database, {
    consumerName: 'Second-pass integrator',
    endpointUrl: receiver.url('/second-pass'),
    backoff: '1 hour',
  })
  owner = backingOff.owner
  subscriptionId = backingOff.subscriptionId
  testDeliveryId = backingOff.failedDeliveryId
})

afterAll(async () => {
  await database?.end()
  await receiver?.close()
})

/** The text of the fact `term` (a `<dt>`) in `scope`. */
async function factOf(scope: Locator, term: string) {
  const fact = scope.locator('div', { has: scope.page().locator(`dt:text-is("${term}")`) })
  return ((await fact.locator('dd').first().textContent()) ?? '').trim()
}

/** A signed-in portal page (its own browser context). */
async function signedIn(where: { locale?: string; viewport?: { width: number; height: number } }) {
  const opened = await portalPage(browser(), where.viewport, {
    locale: where.locale ?? 'en-GB',
    timezoneId: 'UTC',
  })
  await openPortal(opened.page, (await portalLink(owner.apiKey)).url)
  return opened
}

// Before: the admin's page of a test delivery looked like a real one, and the portal labelled a
// test send's attempt "Trigger: Scheduled".
describe('a test delivery', () => {
  it('says it is a test in the API, the portal and the admin panel, and its attempt says Test', async () => {
    const delivery = await api(`/webhooks/deliveries/${testDeliveryId}`, { apiKey: owner.apiKey })
    expect(delivery.status).toBe(200)
    expect(delivery.body.data.is_test).toBe(true)
    const attempts = await api(`/webhooks/deliveries/${testDeliveryId}/attempts`, {
      apiKey: owner.apiKey,
    })
    expect(attempts.body.data.map((attempt: { trigger: string }) => attempt.trigger)).toEqual([
      'test',
    ])

    const { page, context } = await signedIn({})
    await page.goto(`${baseUrl}/portal/deliveries/${testDeliveryId}`)
    await page.getByRole('heading', { level: 1, name: `Delivery ${testDeliveryId}` }).waitFor()
    await page.locator('.page-heading').getByText('test event', { exact: true }).waitFor()
    const attempt = page.getByRole('article', { name: /^Attempt 1/ })
    await attempt.waitFor()
    expect(await factOf(attempt, 'Trigger')).toMatch(/^Test\b/)
    expect(await attempt.textContent()).not.toContain('Scheduled')

    await page.goto(`${baseUrl}/portal/endpoints/${subscriptionId}`)
    const row = page
      .getByRole('region', { name: 'Deliveries' })
      .locator('tr', { has: page.getByRole('link', { name: `#${testDeliveryId}` }) })
    await row.getByText('test event', { exact: true }).waitFor()
    await context.close()

    const admin = await adminPanelAs(browser(), credentials.adminEmail, credentials.adminPassword)
    await admin.goto(`${baseUrl}/admin/collections/webhook-deliveries/${testDeliveryId}`)
    await admin.getByText(/^This is a test delivery/).waitFor()
    const table = admin.getByRole('table', { name: /Attempts, newest first/ })
    await table.waitFor()
    const trigger = await table.locator('tbody tr').first().locator('td').first().textContent()
    expect(trigger?.trim()).toBe('test')
    await admin.goto(`${baseUrl}/admin/collections/webhook-deliveries?limit=100`)
    const headers = (await admin.locator('table thead th').allTextContents()).map((text) =>
      text.trim(),
    )
    const testColumn = headers.indexOf('Test')
    expect(testColumn, `a Test column among ${headers.join(', ')}`).toBeGreaterThan(-1)
    const adminRow = admin.locator('tbody tr', {
      has: admin.locator(`a[href$="/webhook-deliveries/${testDeliveryId}"]`),
    })
    expect((await adminRow.locator('td').nth(testColumn).textContent())?.trim()).toBe('Yes')
    await admin.context().close()
  })
})

// Before: "/portal" without any session said "Your portal session has ended", and that page and
// the refused link's told people to "POST /webhooks/portal-sessions".
describe('messages for people', () => {
  it('never names a route or a verb, and tells a visitor who never had a session how to get one', async () => {
    const visitor = await portalPage(browser(), undefined, { locale: 'en-GB' })
    await visitor.page.goto(`${baseUrl}/portal`)
    const heading = visitor.page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    await visitor.page.getByRole('heading', { name: 'You are not signed in' }).waitFor()
    const main = visitor.page.locator('main')
    expect(await main.textContent()).toContain('Ask the person who gave you access for a new link')
    expect(await main.textContent()).not.toMatch(programmerWords)

    // A used link.
    const link = await portalLink(owner.apiKey)
    await openPortal(visitor.page, link.url)
    await visitor.page.goto(link.url)
    await visitor.page.getByRole('heading', { name: 'This portal link cannot be used' }).waitFor()
    expect(await main.textContent()).not.toMatch(programmerWords)
    expect(await main.textContent()).toContain('Ask the person who gave you access for a new link')

    // A session that ended: now it did exist.
    await visitor.page.goto(`${baseUrl}/portal`)
    await visitor.page.getByRole('button', { name: 'Sign out' }).click()
    await visitor.page.getByRole('heading', { name: 'You have signed out' }).waitFor()
    await visitor.page.goto(`${baseUrl}/portal/events`)
    await visitor.page.getByRole('heading', { name: 'Your portal session has ended' }).waitFor()
    expect(await main.textContent()).not.toMatch(programmerWords)
    expect(visitor.errors).toEqual([])
    await visitor.context.close()
  })

  it('follows "Send now" to its outcome and keeps the counts in step, in the singular for one', async () => {
    const { page, context } = await signedIn({})
    await page.goto(`${baseUrl}/portal/endpoints/${subscriptionId}`)
    const stats = page.getByRole('region', { name: 'Last 24 hours' })
    // One failed attempt so far: "1 attempt", not "1 attempts".
    await stats.getByText(/^1 attempt in the last 24 hours, 0 succeeded/).waitFor()
    const settings = page.getByRole('region', { name: 'Settings' })
    expect(await factOf(settings, 'Failures in a row')).toBe('1')

    answer = 200
    await page.getByRole('button', { name: 'Send now' }).click()
    // Once it succeeded the banner says so, and the sentence of "being sent" is gone.
    await page
      .getByText('The oldest waiting delivery was delivered: your endpoint answered 200.')
      .waitFor({ timeout: 30_000 })
    expect(await page.getByText('The oldest waiting delivery is being sent now.').count()).toBe(0)
    // The figures agree with the failures in a row, without a reload.
    await eventually(async () => (await factOf(settings, 'Failures in a row')) === '0')
    await stats.getByText(/^2 attempts in the last 24 hours, 1 succeeded/).waitFor()
    await context.close()
  })
})

// Before: "Backing off until … 12:47" at 12:47:42; attempts all at "12:47"; the date filters
// were mm/dd/yyyy whatever the reader's locale.
describe('times', () => {
  it('are written to the second in the portal and the admin panel', async () => {
    await database.query(
      `UPDATE webhook_subscriptions SET backoff_until = now() + interval '1 hour' WHERE id = $1`,
      [subscriptionId],
    )
    const { page, context } = await signedIn({})
    await page.goto(`${baseUrl}/portal/endpoints/${subscriptionId}`)
    const badge = page.locator('.page-heading .badge', { hasText: /^Backing off until/ })
    await badge.waitFor()
    expect(await badge.textContent()).toMatch(toTheSecond)
    const created = page.getByRole('region', { name: 'Deliveries' }).locator('tbody time').first()
    expect(await created.textContent()).toMatch(toTheSecond)
    await page.goto(`${baseUrl}/portal/deliveries/${testDeliveryId}`)
    const sent = page.getByRole('article', { name: /^Attempt 1/ })
    expect(await factOf(sent, 'Sent')).toMatch(toTheSecond)
    await context.close()

    const admin = await adminPanelAs(browser(), credentials.adminEmail, credentials.adminPassword)
    await admin.goto(`${baseUrl}/admin/collections/webhook-deliveries/${testDeliveryId}`)
    const table = admin.getByRole('table', { name: /Attempts, newest first/ })
    const attemptedAt = await table.locator('tbody tr').first().locator('td').nth(1).textContent()
    expect(attemptedAt).toMatch(toTheSecond)
    await admin.context().close()
  })

  it("asks for the log's dates in the reader's order, and filters by them", async () => {
    for (const [locale, order] of [
      ['ru-RU', ['Day', 'Month', 'Year', 'Time']],
      ['en-US', ['Month', 'Day', 'Year', 'Time']],
    ] as const) {
      const { page, context } = await signedIn({ locale })
      await page.goto(`${baseUrl}/portal/endpoints/${subscriptionId}`)
      const since = page.getByRole('group', { name: 'Since', exact: true })
      await since.waitFor()
      const labels = (await since.locator('label').allTextContents()).map((text) => text.trim())
      expect(labels, locale).toEqual(order)
      expect(await since.locator('input[type="datetime-local"]').count()).toBe(0)
      if (locale === 'ru-RU') {
        // A day after the delivery: none match; the year before: it does.
        const next = new Date(Date.now() + 2 * 24 * 3600_000)
        await since.getByLabel('Day').fill(String(next.getUTCDate()))
        await since.getByLabel('Month').selectOption(String(next.getUTCMonth() + 1))
        await since.getByLabel('Year').fill(String(next.getUTCFullYear()))
        await since.getByLabel('Time').fill('00:00')
        await page.getByRole('button', { name: 'Show deliveries' }).click()
        await page.getByText('No deliveries match these filters.').waitFor()
        await since.getByLabel('Year').fill(String(next.getUTCFullYear() - 1))
        await page.getByRole('button', { name: 'Show deliveries' }).click()
        await page.getByText(/^\d+ deliver(y|ies) match, newest first\./).waitFor()
        await mkdir('docs/images', { recursive: true })
        await page
          .getByRole('form', { name: 'Filter the deliveries' })
          .screenshot({ path: 'docs/images/portal-date-filter-ru.png' })
      }
      await context.close()
    }
  })
})

/** The words of `badge` that the browser broke over two lines. */
function brokenWords(page: Page) {
  return page.evaluate(() => {
    const broken: string[] = []
    for (const badge of document.querySelectorAll('.badge')) {
      const text = badge.firstChild
      if (!text || text.nodeType !== Node.TEXT_NODE) continue
      const content = text.textContent ?? ''
      for (const match of content.matchAll(/\S+/g)) {
        const range = document.createRange()
        range.setStart(text, match.index)
        range.setEnd(text, match.index + match[0].length)
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
        if (lines.size > 1) broken.push(`${match[0]} in "${content}"`)
      }
    }
    return broken
  })
}

// Before: "succeed|ed" at 1400 px, "succ|eed|ed" on a phone; "Why it ended" cut off in a one-line
// input; event descriptions on the subscription form showed raw backticks.
describe('layouts that fit', () => {
  it('never breaks a pill inside a word, wide or on a phone', async () => {
    for (const viewport of [
      { width: 1400, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page, context } = await signedIn({ viewport })
      for (const path of [
        `/portal/endpoints/${subscriptionId}`,
        `/portal/deliveries/${testDeliveryId}`,
      ]) {
        await page.goto(`${baseUrl}${path}`)
        await page.locator('main .badge').first().waitFor()
        await page.waitForLoadState('networkidle')
        expect(await brokenWords(page), `${path} at ${viewport.width} px`).toEqual([])
      }
      await context.close()
    }
  })

  it('shows why an order ended in full, and event descriptions with their names as code', async () => {
    const reason =
      'Cancelled: the payment provider could not be reached when the buyer paid, so no payment ' +
      'was started and nothing was charged; the stock was put back.'
    const { rows } = await database.query<{ id: number }>(
      `UPDATE orders SET status_reason = $1
       WHERE id = (SELECT id FROM orders ORDER BY id LIMIT 1) RETURNING id`,
      [reason],
    )
    const orderId = rows[0]!.id
    const admin = await adminPanelAs(browser(), credentials.adminEmail, credentials.adminPassword)
    await admin.goto(`${baseUrl}/admin/collections/orders/${orderId}`)
    const field = admin.locator('#field-statusReason')
    await field.waitFor()
    expect(await field.evaluate((element) => element.tagName)).toBe('TEXTAREA')
    expect(await field.inputValue()).toBe(reason)
    // All of it shows: nothing scrolls inside the box.
    expect(
      await field.evaluate(
        (element) =>
          element.scrollHeight <= element.clientHeight + 1 &&
          element.scrollWidth <= element.clientWidth + 1,
      ),
    ).toBe(true)

    await admin.goto(`${baseUrl}/admin/collections/webhook-subscriptions/${subscriptionId}`)
    const hint = admin.locator('p', { hasText: 'An order was placed (status' })
    await hint.waitFor()
    expect(await hint.textContent()).toBe('An order was placed (status pending).')
    expect(await hint.locator('code').allTextContents()).toEqual(['pending'])
    await admin.context().close()
  })
})
