import { mkdir } from 'node:fs/promises'

import pg from 'pg'
import type { Browser, Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { eventually, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'
import { api } from './api'
import { launchBrowser, requestedUrls } from './browser'
import {
  adminToken,
  createConsumer,
  describedText,
  eventTypesShown,
  linkHash,
  openPortal,
  portalLink,
  portalPage,
  statusFromPage,
} from './portalHelpers'

const baseUrl = inject('baseUrl')
const appHost = new URL(baseUrl).host

let browser: Browser
let database: pg.Client
let receiver: WebhookReceiver
let token: string
/** The consumer whose portal the journey below uses. */
let owner: Awaited<ReturnType<typeof createConsumer>>
/** Its portal, in a browser context of its own. */
let portal: Awaited<ReturnType<typeof portalPage>>
/** What the journey created. */
let subscriptionId = ''
let endpointUrl = ''
let firstSecret = ''
let failedDeliveryId = 0
/** The endpoint the journey shows backing off. */
let pausedId = ''

beforeAll(async () => {
  browser = await launchBrowser()
  database = new pg.Client({ connectionString: inject('databaseUrl') })
  await database.connect()
  receiver = await startWebhookReceiver()
  token = await adminToken()
  owner = await createConsumer(token, 'Acme Logistics')
  await mkdir('docs/images', { recursive: true })
})

afterAll(async () => {
  await browser?.close()
  await database?.end()
  await receiver?.close()
})

/** The POSTs the journey's endpoint got. */
const endpointPosts = () => receiver.posts().filter((post) => post.path === '/portal-hook')

/** The POSTs the receiver got for one event (`webhook-id`). */
const postsOf = (eventId: string) =>
  receiver.posts().filter((post) => post.headers['webhook-id'] === eventId)

const deliveryRow = async (id: number) =>
  (
    await database.query<{ status: string; attempts: number; event_id: string }>(
      'SELECT status, attempts::int AS attempts, event_id FROM webhook_deliveries WHERE id = $1',
      [id],
    )
  ).rows[0]

/** Goes to the journey's endpoint page and waits for it. */
async function gotoEndpoint(page: Page) {
  await page.goto(`${baseUrl}/portal/endpoints/${subscriptionId}`)
  await page.getByRole('heading', { level: 1, name: endpointUrl }).waitFor()
}

/**
 * `count` deliveries given up: test events sent while the receiver fails, marked dead in the
 * database as the worker does after the last attempt (waiting days for the schedule is no test).
 */
async function giveUp(count: number) {
  receiver.setAnswer(() => ({ status: 503 }))
  const dead: { id: number; eventId: string }[] = []
  for (let index = 0; index < count; index++) {
    const sent = await api(`/webhooks/subscriptions/${subscriptionId}/test`, {
      method: 'POST',
      apiKey: owner.apiKey,
    })
    expect(sent.status).toBe(201)
    const id = sent.body.data.delivery_id as number
    await eventually(
      async () =>
        (
          await database.query(
            `UPDATE webhook_deliveries SET status = 'dead', next_attempt_at = NULL
             WHERE id = $1 AND status = 'failed' AND attempts >= 1 RETURNING id`,
            [id],
          )
        ).rowCount === 1,
      60_000,
    )
    dead.push({ id, eventId: sent.body.data.event_id })
  }
  receiver.setAnswer(() => ({ status: 200 }))
  return dead
}

/** The page broke no rule of its Content-Security-Policy and threw no error. */
function expectCleanRun({ violations, errors }: { violations: string[]; errors: string[] }) {
  expect(violations, 'Content-Security-Policy violations reported by the browser').toEqual([])
  expect(errors, 'errors thrown by the page').toEqual([])
}

describe('the integrator portal (production build, offline)', () => {
  it('opens from a one-time link, takes the token out of the address bar, and shows whose portal it is', async () => {
    portal = await portalPage(browser)
    const { page } = portal
    const link = await portalLink(owner.apiKey)
    const response = await openPortal(page, link.url)
    // The page came with the strict policy the violations below are checked against.
    const policy = response?.headers()['content-security-policy'] ?? ''
    expect(policy).toContain("style-src 'self'")
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/)

    expect(new URL(page.url()).hash).toBe('')
    expect(await page.title()).toBe('Endpoints · Webhook portal')
    await page.getByText(owner.name, { exact: true }).first().waitFor()
    await page.getByRole('heading', { name: 'No endpoints yet' }).waitFor()
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1)
    expect(await page.getByRole('banner').getByText('read-only', { exact: true }).count()).toBe(0)
    // The first Tab reaches the skip link, which leads to the page's content.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
    expectCleanRun(portal)
  })

  it("creates an endpoint for a local receiver, with the API's refusals beside the fields, and shows its secret once", async () => {
    const { page } = portal
    await page.getByRole('link', { name: 'Add endpoint' }).click()
    await page.getByRole('heading', { level: 1, name: 'New endpoint' }).waitFor()
    expect(await page.title()).toBe('New endpoint · Webhook portal')

    const url = page.getByLabel('Endpoint URL')
    const filter = page.getByLabel('Filter (JSON)')
    const create = page.getByRole('button', { name: 'Create endpoint' })
    await page.getByLabel('order.paid', { exact: true }).check()
    await page.getByLabel('webhook.test', { exact: true }).check()

    // A filter that is not an object: the API's 400 names the field.
    await url.fill('http://10.20.30.40/hooks')
    await filter.fill('[1, 2]')
    await create.click()
    await page.locator('[id$="-filter-error"]').waitFor()
    expect(await filter.getAttribute('aria-invalid')).toBe('true')
    expect(await describedText(page, filter)).toMatch(/record|object/i)
    expect(await url.getAttribute('aria-invalid')).toBeNull()

    // An address the service will not deliver to: the 400's reason beside the URL.
    await filter.fill('')
    await create.click()
    await page.locator('[id$="-endpoint_url-error"]').waitFor()
    expect(await url.getAttribute('aria-invalid')).toBe('true')
    expect(await describedText(page, url)).toContain(
      'that this service does not send to: use a public address',
    )
    expect(await page.getByRole('alert').first().textContent()).toContain('was not saved')

    endpointUrl = receiver.url('/portal-hook')
    await url.fill(endpointUrl)
    await page.getByLabel('Description').fill('Warehouse system: paid orders')
    await filter.fill('{ "status": "paid" }')
    await create.click()
    await page.getByRole('heading', { level: 1, name: 'Endpoint created' }).waitFor()
    firstSecret = await page
      .getByRole('textbox', { name: 'Signing secret', exact: true })
      .inputValue()
    expect(firstSecret).toMatch(/^[A-Za-z0-9+/]{32}$/)
    await page.getByRole('button', { name: 'Copy secret' }).click()
    const copied = page.getByText(/Copied to the clipboard|The secret is selected/)
    await copied.waitFor()
    if ((await copied.textContent())?.startsWith('Copied')) {
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstSecret)
    }

    // The creation's test event reaches the receiver, signed with that secret.
    const [first] = await receiver.waitFor((posts) => posts.length >= 1)
    expect(new Webhook(firstSecret).verify(first!.body, first!.headers)).toMatchObject({
      type: 'webhook.test',
    })
    await page.getByRole('link', { name: 'Go to the endpoint' }).click()
    await page.getByRole('heading', { level: 1, name: endpointUrl }).waitFor()
    subscriptionId = new URL(page.url()).pathname.split('/').pop()!
    const stored = await api(`/webhooks/subscriptions/${subscriptionId}`, { apiKey: owner.apiKey })
    expect(stored.body.data).toMatchObject({
      endpoint_url: endpointUrl,
      events: ['order.paid', 'webhook.test'],
      description: 'Warehouse system: paid orders',
      filter: { status: 'paid' },
    })
    expectCleanRun(portal)
  })

  it("sends a test event and shows it delivered with the receiver's answer", async () => {
    const { page } = portal
    const before = endpointPosts().length
    await page.getByRole('button', { name: 'Send test event' }).click()
    const outcome = page.getByTestId('test-outcome')
    await outcome.waitFor({ timeout: 60_000 })
    expect(await outcome.locator('.outcome__headline').textContent()).toMatch(
      /^Delivered: your endpoint answered 200 in \d+ ms\.$/,
    )
    expect(await outcome.locator('pre').textContent()).toBe('ok')
    expect(endpointPosts().length).toBe(before + 1)

    // The endpoints page now shows its state, last delivery and figures.
    await page
      .getByRole('navigation', { name: 'Portal' })
      .getByRole('link', { name: 'Endpoints' })
      .click()
    const card = page.getByRole('article', { name: endpointUrl })
    await card.waitFor()
    await card.getByText('Active', { exact: true }).waitFor()
    await card.getByText(/^100 % of \d+ attempts$/).waitFor()
    expect(await card.getByText('None yet').count()).toBe(0)
    expectCleanRun(portal)
  })

  it('shows each endpoint as active, backing off until a time, or disabled since a time, and re-enables one', async () => {
    const { page } = portal
    // Two more endpoints: one failing (on a port where nothing listens), one disabled. The
    // worker's verdicts are written as it writes them (a pause of 20 minutes; a disabling),
    // rather than waited for.
    const nothing = await startWebhookReceiver()
    const downUrl = nothing.url('/billing')
    await nothing.close()
    const legacyUrl = receiver.url('/legacy')
    const subscribe = async (url: string, description: string) => {
      const created = await api('/webhooks/subscriptions', {
        method: 'POST',
        apiKey: owner.apiKey,
        body: { endpoint_url: url, events: ['*'], description },
      })
      expect(created.status).toBe(201)
      return created.body.id as string
    }
    pausedId = await subscribe(downUrl, 'Billing: every event')
    const disabledId = await subscribe(legacyUrl, 'Old CRM bridge')
    await database.query(
      `UPDATE webhook_subscriptions SET backoff_until = now() + interval '20 minutes',
         failure_count = 6 WHERE id = $1`,
      [pausedId],
    )
    await database.query(
      `UPDATE webhook_subscriptions SET is_active = false, disabled_at = now(), failure_count = 100
       WHERE id = $1`,
      [disabledId],
    )
    await page.reload()
    const paused = page.getByRole('article', { name: downUrl })
    await paused.getByText(/^Backing off until .+/).waitFor()
    const disabled = page.getByRole('article', { name: legacyUrl })
    await disabled.getByText(/^Disabled since .+/).waitFor()
    await page.getByRole('article', { name: endpointUrl }).getByText('Active').waitFor()
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: 'docs/images/portal-endpoints.png' })

    await disabled.getByRole('link', { name: legacyUrl }).click()
    await page.getByText(/it was disabled after failing again and again/).waitFor()
    await page.getByRole('button', { name: 'Re-enable endpoint' }).click()
    await page.getByText('The endpoint is enabled again').waitFor()
    await page.getByText('Active', { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Re-enable endpoint' }).count()).toBe(0)
    const enabled = await api(`/webhooks/subscriptions/${disabledId}`, { apiKey: owner.apiKey })
    expect(enabled.body.data).toMatchObject({
      is_active: true,
      disabled_at: null,
      failure_count: 0,
    })

    // Deleted after asking: the endpoint leaves the list.
    await page.getByRole('button', { name: 'Delete endpoint' }).click()
    await page.getByRole('button', { name: 'Yes, delete it' }).click()
    await page.getByRole('heading', { level: 1, name: 'Endpoints' }).waitFor()
    await page.getByRole('article', { name: downUrl }).waitFor()
    expect(await page.getByRole('article', { name: legacyUrl }).count()).toBe(0)
    const gone = await api(`/webhooks/subscriptions/${disabledId}`, { apiKey: owner.apiKey })
    expect(gone.status).toBe(404)
    expectCleanRun(portal)
  })

  it('edits an endpoint, with refused headers and an event type no longer offered shown beside their fields', async () => {
    const { page } = portal
    // An event type the endpoint listed, since retired by an administrator.
    await database.query(
      `INSERT INTO webhook_event_types (name, description, is_active) VALUES ($1, $2, true)`,
      ['portal.retired', 'A type retired during the test'],
    )
    const listed = await api(`/webhooks/subscriptions/${subscriptionId}`, {
      method: 'PATCH',
      apiKey: owner.apiKey,
      body: { events: ['order.paid', 'webhook.test', 'portal.retired'] },
    })
    expect(listed.status).toBe(200)
    await database.query(`UPDATE webhook_event_types SET is_active = false WHERE name = $1`, [
      'portal.retired',
    ])

    // The event types answer slowly (1.5 s), as on a busy server: the form says it is loading
    // them, and once it has them, says beside the retired one that it is no longer offered.
    const eventTypesRead = '**/webhooks/event-types*'
    await page.route(eventTypesRead, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await gotoEndpoint(page)
    await page.getByRole('button', { name: 'Edit endpoint' }).click()
    await page.getByRole('heading', { name: 'Edit endpoint' }).waitFor()
    await eventTypesShown(page)
    await page.unroute(eventTypesRead)
    const retired = page.getByLabel('portal.retired', { exact: true })
    expect(await retired.isChecked()).toBe(true)
    expect(await describedText(page, retired)).toContain('No longer offered')
    await page.getByLabel('Description').fill('Warehouse system: paid orders, with a team header')
    await page.getByRole('button', { name: 'Add a header' }).click()
    await page.getByLabel('Header 1 name').fill('Webhook-Id')
    await page.getByLabel('Header 1 value').fill('mine')
    const save = page.getByRole('button', { name: 'Save changes' })

    // The service's own header: the 400 is shown beside the headers.
    await save.click()
    const headers = page.getByRole('group', { name: /^Extra headers/ })
    await page.locator('[id$="-headers-error"]').waitFor()
    expect(await describedText(page, headers)).toContain('Header Webhook-Id cannot be set')
    expect(await page.getByLabel('Header 1 name').getAttribute('aria-invalid')).toBe('true')

    // An inactive event type: the 422's names are shown beside the events.
    await page.getByLabel('Header 1 name').fill('X-Team')
    await save.click()
    const events = page.getByRole('group', { name: 'Events (required)', exact: true })
    await page.locator('[id$="-events-error"]').waitFor()
    expect(await describedText(page, events)).toContain(
      'Unknown or inactive event types: portal.retired.',
    )
    expect(await page.locator('[id$="-headers-error"]').count()).toBe(0)

    await retired.uncheck()
    expect(await retired.isChecked()).toBe(false)
    await save.click()
    await page.getByText('Your changes are saved.').waitFor()
    const saved = await api(`/webhooks/subscriptions/${subscriptionId}`, { apiKey: owner.apiKey })
    expect(saved.body.data).toMatchObject({
      events: ['order.paid', 'webhook.test'],
      description: 'Warehouse system: paid orders, with a team header',
      filter: { status: 'paid' },
      timeout_seconds: 10,
    })
    expect(
      Object.fromEntries(
        Object.entries(saved.body.data.headers as Record<string, string>).map(([name, value]) => [
          name.toLowerCase(),
          value,
        ]),
      ),
    ).toEqual({ 'x-team': 'mine' })
    await page.getByText('X-Team').waitFor()
    expectCleanRun(portal)
  })

  it("shows a failed delivery's attempts as sent and answered, and retries it", async () => {
    const { page } = portal
    await gotoEndpoint(page)
    receiver.setAnswer(() => ({ status: 500 }))
    await page.getByRole('button', { name: 'Send test event' }).click()
    const outcome = page.getByTestId('test-outcome')
    await outcome.waitFor({ timeout: 60_000 })
    expect(await outcome.locator('.outcome__headline').textContent()).toMatch(
      /^Not delivered: your endpoint answered 500 in \d+ ms\. It will be retried\.$/,
    )
    await outcome.getByRole('link', { name: /See delivery \d+/ }).click()
    await page.getByRole('heading', { level: 1, name: /^Delivery \d+$/ }).waitFor()
    failedDeliveryId = Number(new URL(page.url()).pathname.split('/').pop())
    expect(await page.title()).toBe(`Delivery ${failedDeliveryId} · Webhook portal`)

    const attempt = page.getByRole('article', { name: /Attempt 1/ })
    await attempt.waitFor()
    expect(await attempt.textContent()).toContain('failed')
    const headers = attempt.getByRole('table')
    const headerNames = await headers.locator('tbody th').allTextContents()
    expect(headerNames).toEqual(
      expect.arrayContaining(['webhook-id', 'webhook-timestamp', 'webhook-signature']),
    )
    expect(await attempt.locator('dd').nth(1).textContent()).toBe('500')
    // The body as sent is the one the receiver got, byte for byte.
    const row = (await deliveryRow(failedDeliveryId))!
    const sent = postsOf(row.event_id).at(-1)!
    expect(await page.locator('#body-heading ~ pre').textContent()).toBe(sent.body)

    receiver.setAnswer(() => ({ status: 200 }))
    await page.getByRole('button', { name: 'Retry now' }).click()
    await page
      .getByText('The retry was delivered: your endpoint answered 200.')
      .waitFor({ timeout: 60_000 })
    const attempts = page.locator('.attempt-list > li')
    await eventually(async () => (await attempts.count()) === 2)
    expect(await attempts.first().textContent()).toMatch(/Attempt 2.*succeeded.*manual/)
    // Sent by "Send test event": a test's attempt (issue 52: it said "scheduled").
    expect(await attempts.last().textContent()).toMatch(/Attempt 1.*failed.*test/)
    expect((await deliveryRow(failedDeliveryId))!.status).toBe('succeeded')
    await page.screenshot({ path: 'docs/images/portal-delivery.png', fullPage: true })
    expectCleanRun(portal)
  })

  it('bulk-replays the dead deliveries of a period', async () => {
    const { page } = portal
    const dead = await giveUp(2)

    await gotoEndpoint(page)
    const log = page.getByRole('region', { name: 'Deliveries', exact: true })
    await page.getByLabel('Status', { exact: true }).selectOption('dead')
    await page.getByRole('button', { name: 'Show deliveries' }).click()
    await page.getByText('2 deliveries match, newest first.').waitFor()
    const rows = await log.locator('tbody th').allTextContents()
    expect(rows.sort()).toEqual(dead.map(({ id }) => `#${id}`).sort())

    await page.getByRole('radio', { name: 'Given up (dead)' }).check()
    await page.getByRole('button', { name: 'Replay', exact: true }).click()
    await page.getByText('Queued 2 dead deliveries again.').waitFor()
    for (const { eventId } of dead) {
      await eventually(() => postsOf(eventId).some((post) => post.method === 'POST'), 60_000)
    }
    await eventually(async () => {
      const statuses = await Promise.all(
        dead.map(async ({ id }) => (await deliveryRow(id))!.status),
      )
      return statuses.every((status) => status === 'succeeded')
    }, 60_000)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await page.getByText('No deliveries match these filters.').waitFor()
    expectCleanRun(portal)
  }, 240_000)

  it('recovers what the endpoint missed since a time', async () => {
    const { page } = portal
    const [missed] = await giveUp(1)
    await gotoEndpoint(page)
    await page.getByRole('button', { name: 'Recover', exact: true }).click()
    await page.getByText('Queued 1 missed event.').waitFor()
    await eventually(() => postsOf(missed!.eventId).length >= 2, 60_000)
    await eventually(async () => (await deliveryRow(missed!.id))!.status === 'succeeded', 60_000)
    expectCleanRun(portal)
  }, 240_000)

  it('rotates the secret: the next delivery verifies with the new secret and, during the overlap, the old', async () => {
    const { page } = portal
    await gotoEndpoint(page)
    await page.getByRole('button', { name: 'Rotate secret' }).click()
    await page.getByRole('button', { name: 'Yes, rotate the secret' }).click()
    const heading = page.getByRole('heading', { name: 'Your new signing secret' })
    await heading.waitFor()
    const newSecret = await page
      .getByRole('textbox', { name: 'Signing secret', exact: true })
      .inputValue()
    expect(newSecret).toMatch(/^[A-Za-z0-9+/]{32}$/)
    expect(newSecret).not.toBe(firstSecret)
    const explanation = page.getByText(/every delivery carries two signatures/)
    expect(await explanation.textContent()).toMatch(/the new secret's first, then the previous/)
    await page
      .getByRole('region', { name: 'Signing secret', exact: true })
      .screenshot({ path: 'docs/images/portal-rotate.png' })

    const before = endpointPosts().length
    await page.getByRole('button', { name: 'Send test event' }).click()
    await page.getByTestId('test-outcome').waitFor({ timeout: 60_000 })
    await eventually(() => endpointPosts().length > before)
    const delivered = endpointPosts()[before]
    expect(delivered!.headers['webhook-signature']!.split(' ')).toHaveLength(2)
    expect(new Webhook(newSecret).verify(delivered!.body, delivered!.headers)).toMatchObject({
      type: 'webhook.test',
    })
    expect(new Webhook(firstSecret).verify(delivered!.body, delivered!.headers)).toMatchObject({
      type: 'webhook.test',
    })
    // A secret that is neither does not verify: the two checks above mean something.
    expect(() =>
      new Webhook(Buffer.alloc(24, 7).toString('base64')).verify(
        delivered!.body,
        delivered!.headers,
      ),
    ).toThrow()
    expectCleanRun(portal)
  })

  it('shows the 24-hour chart with its figures as a table, and the event catalogue', async () => {
    const { page } = portal
    // A day of history in the attempt log, as the worker writes it (attached to a delivery of
    // the endpoint): a few attempts most hours, slower first attempts, two bad hours, a quiet
    // night.
    await database.query(
      `INSERT INTO webhook_attempts (delivery_id, subscription_id, attempt, is_manual,
         attempted_at, duration_ms, response_status, response_body)
       SELECT $1, $2, 100 + h * 20 + n, false,
         date_trunc('hour', now(), 'UTC') - make_interval(hours => h) + make_interval(mins => n * 6),
         40 + (h * 37 + n * 53) % 90 + CASE WHEN n = 0 THEN 180 ELSE 0 END,
         CASE WHEN (h IN (5, 14) AND n < 2) OR (h % 7 = 3 AND n = 0) THEN 503 ELSE 200 END, 'ok'
       FROM generate_series(1, 23) AS h, LATERAL generate_series(0, 3 + h % 5) AS n
       WHERE h NOT BETWEEN 16 AND 19`,
      [failedDeliveryId, subscriptionId],
    )
    await gotoEndpoint(page)
    const stats = page.getByRole('region', { name: 'Last 24 hours' })
    await stats.getByText(/^\d+ attempts in the last 24 hours, \d+ succeeded/).waitFor()
    expect(await stats.getByRole('img').count()).toBe(2)
    expect(await stats.locator('svg rect').count()).toBeGreaterThanOrEqual(24)
    await stats.getByText('The figures, hour by hour').click()
    const hours = stats.getByRole('table').locator('tbody tr')
    expect(await hours.count()).toBe(24)
    const stored = await api(`/webhooks/subscriptions/${subscriptionId}/stats`, {
      apiKey: owner.apiKey,
    })
    // Hour by hour, the table says what the API computed from the log, quiet hours included.
    const shown = await Promise.all(
      (await hours.all()).map(async (row) =>
        (await row.locator('td').allTextContents()).slice(0, 3),
      ),
    )
    const computed = (
      stored.body.data.hours as { attempts: number; succeeded: number; failed: number }[]
    ).map((hour) => [hour.attempts, hour.succeeded, hour.failed].map(String))
    expect(shown).toEqual(computed)
    expect(computed.filter(([attempts]) => attempts !== '0').length).toBeGreaterThan(15)
    expect(computed.filter(([, , failed]) => failed !== '0').length).toBeGreaterThan(2)
    await stats.getByText('The figures, hour by hour').click()
    await page.setViewportSize({ width: 1280, height: 1500 })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: 'docs/images/portal-endpoint.png' })
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.getByRole('link', { name: 'Event types' }).click()
    await page.getByRole('heading', { level: 1, name: 'Event types' }).waitFor()
    const paid = page.getByRole('region', { name: 'order.paid' })
    await paid.getByRole('table', { name: /^Fields of order\.paid/ }).waitFor()
    const example = paid.getByRole('region', { name: 'Example' })
    expect(await example.locator('pre').textContent()).toContain('"payment_id"')
    await paid.getByText('JSON Schema', { exact: true }).click()
    expect(await paid.locator('details pre').textContent()).toContain('"properties"')
    expectCleanRun(portal)
  })

  it('fits a phone screen', async () => {
    // The widest time the portal writes ("Dec 22, 2099, 10:58:58 PM" in en-US, UTC): how wide a
    // state is must not depend on the hour the test runs at.
    await database.query(
      `UPDATE webhook_subscriptions SET backoff_until = '2099-12-22T22:58:58Z' WHERE id = $1`,
      [pausedId],
    )
    const phone = await portalPage(
      browser,
      { width: 390, height: 844 },
      { locale: 'en-US', timezoneId: 'UTC' },
    )
    await openPortal(phone.page, (await portalLink(owner.apiKey)).url)
    for (const path of [
      '/portal',
      `/portal/endpoints/${subscriptionId}`,
      `/portal/deliveries/${failedDeliveryId}`,
    ]) {
      await phone.page.goto(`${baseUrl}${path}`)
      await phone.page.locator('h1').first().waitFor()
      await phone.page.waitForLoadState('networkidle')
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `horizontal overflow of ${path}`).toBeLessThanOrEqual(0)
    }
    expectCleanRun(phone)
    await phone.context.close()
  })

  it('a read-only link shows everything and changes nothing', async () => {
    const readOnly = await portalPage(browser)
    const { page } = readOnly
    await openPortal(page, (await portalLink(owner.apiKey, { read_only: true })).url)
    await page.getByRole('banner').getByText('read-only', { exact: true }).waitFor()
    await page.getByRole('article', { name: endpointUrl }).waitFor()
    expect(await page.getByRole('link', { name: 'Add endpoint' }).count()).toBe(0)

    await gotoEndpoint(page)
    await page.getByText('A read-only session cannot send test events.').waitFor()
    for (const name of [
      'Edit endpoint',
      'Delete endpoint',
      'Re-enable endpoint',
      'Send test event',
      'Rotate secret',
      'Replay',
      'Recover',
    ]) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0)
    }
    const log = page.getByRole('region', { name: 'Deliveries', exact: true })
    await log.locator('tbody tr').first().waitFor()
    await page.goto(`${baseUrl}/portal/deliveries/${failedDeliveryId}`)
    await page.getByRole('heading', { level: 1, name: `Delivery ${failedDeliveryId}` }).waitFor()
    expect(await page.getByRole('button', { name: 'Retry now' }).count()).toBe(0)
    await page.getByText('A read-only session cannot retry deliveries.').waitFor()

    // What the page could still send by hand is refused by the API.
    const base = `/webhooks/subscriptions/${subscriptionId}`
    expect(await statusFromPage(page, base, { method: 'DELETE' })).toBe(403)
    expect(await statusFromPage(page, base, { method: 'PATCH', body: { is_active: false } })).toBe(
      403,
    )
    expect(await statusFromPage(page, `${base}/test`, { method: 'POST' })).toBe(403)
    expect(await statusFromPage(page, `${base}/rotate-secret`, { method: 'POST' })).toBe(403)
    expect(
      await statusFromPage(page, `/webhooks/deliveries/${failedDeliveryId}/retry`, {
        method: 'POST',
      }),
    ).toBe(403)
    expect(
      await statusFromPage(page, '/webhooks/subscriptions', {
        method: 'POST',
        body: { endpoint_url: receiver.url('/other'), events: ['*'] },
      }),
    ).toBe(403)
    expect(await statusFromPage(page, base)).toBe(200)
    const still = await api(base, { apiKey: owner.apiKey })
    expect(still.body.data.is_active).toBe(true)
    expectCleanRun(readOnly)
    await readOnly.context.close()
  })

  it("a second consumer's link shows none of the first's endpoints", async () => {
    const other = await createConsumer(token, 'Other Integrator')
    const second = await portalPage(browser)
    const { page } = second
    await openPortal(page, (await portalLink(other.apiKey)).url)
    await page.getByText(other.name, { exact: true }).first().waitFor()
    await page.getByRole('heading', { name: 'No endpoints yet' }).waitFor()
    expect(await page.content()).not.toContain(endpointUrl)

    await page.goto(`${baseUrl}/portal/endpoints/${subscriptionId}`)
    await page.getByRole('heading', { level: 1, name: 'Endpoint not found' }).waitFor()
    await page.goto(`${baseUrl}/portal/deliveries/${failedDeliveryId}`)
    await page.getByRole('heading', { level: 1, name: 'Delivery not found' }).waitFor()
    expect(await page.content()).not.toContain(endpointUrl)
    const base = `/webhooks/subscriptions/${subscriptionId}`
    expect(await statusFromPage(page, base)).toBe(404)
    expect(await statusFromPage(page, `${base}/deliveries`)).toBe(404)
    expect(await statusFromPage(page, `/webhooks/deliveries/${failedDeliveryId}/attempts`)).toBe(
      404,
    )
    expect(await statusFromPage(page, base, { method: 'DELETE' })).toBe(404)
    expectCleanRun(second)
    await second.context.close()
  })

  it('refuses a used link, an expired link and an address without a link, saying what to do', async () => {
    const visitor = await portalPage(browser)
    const { page } = visitor
    const used = await portalLink(owner.apiKey)
    const first = await portalPage(browser)
    await openPortal(first.page, used.url)
    await first.context.close()

    const refusedHeading = page.getByRole('heading', {
      level: 1,
      name: 'This portal link cannot be used',
    })
    await page.goto(used.url)
    await refusedHeading.waitFor()
    expect(new URL(page.url()).hash).toBe('')
    await page.getByText('Ask the person who gave you access for a new link').waitFor()

    const expired = await portalLink(owner.apiKey)
    const moved = await database.query(
      `UPDATE webhook_portal_sessions SET link_expires_at = now() - interval '1 minute'
       WHERE link_hash = $1`,
      [linkHash(expired.token)],
    )
    expect(moved.rowCount).toBe(1)
    await page.goto('about:blank')
    await page.goto(expired.url)
    await refusedHeading.waitFor()

    await page.goto(`${baseUrl}/portal/enter`)
    await page
      .getByRole('heading', { level: 1, name: 'This address has no portal link in it' })
      .waitFor()
    // Without a session, the portal's pages say so; never having had one, not that it ended
    // (issue 52).
    await page.goto(`${baseUrl}/portal`)
    await page.getByRole('heading', { level: 1, name: 'You are not signed in' }).waitFor()
    expectCleanRun(visitor)
    await visitor.context.close()
  })

  it('signs out, after which every page says the session has ended', async () => {
    const { page } = portal
    await page.goto(`${baseUrl}/portal`)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { level: 1, name: 'You have signed out' }).waitFor()
    await page.goto(`${baseUrl}/portal/endpoints/${subscriptionId}`)
    await page.getByRole('heading', { level: 1, name: 'Your portal session has ended' }).waitFor()
    expect(await statusFromPage(page, '/webhooks/subscriptions')).toBe(401)
    expectCleanRun(portal)
    await portal.context.close()
  })

  it('asked no other host for anything', () => {
    const portalRequests = requestedUrls.filter((url) => url.startsWith(`${baseUrl}/portal`))
    expect(portalRequests.length).toBeGreaterThan(10)
    const elsewhere = requestedUrls.filter((url) => {
      const { protocol, host } = new URL(url)
      return ['http:', 'https:', 'ws:', 'wss:'].includes(protocol) && host !== appHost
    })
    expect(elsewhere).toEqual([])
  })
})
