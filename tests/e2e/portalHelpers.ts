import { createHash, randomBytes } from 'node:crypto'

import type pg from 'pg'
import type { Browser, Page } from 'playwright-core'
import { expect, inject } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { eventually } from '../helpers/webhookReceiver'
import { api, logIn } from './api'

const baseUrl = inject('baseUrl')

/** An admin's token, for creating the consumers of the tests through the admin REST API. */
export async function adminToken() {
  const credentials = seedCredentials()
  const login = await logIn(credentials.adminEmail, credentials.adminPassword)
  expect(login.status).toBe(200)
  return login.body.token as string
}

/**
 * A new API consumer (each test's own: the API's rate limit counts per consumer), holding
 * `grants`: every grant unless told (a consumer an admin creates without ticking any holds
 * `content` only).
 */
export async function createConsumer(
  token: string,
  name: string,
  grants: string[] = ['content', 'orders', 'inquiries'],
) {
  const apiKey = randomBytes(24).toString('base64url')
  const created = await api('/api/consumers', {
    method: 'POST',
    token,
    body: {
      name,
      email: `${randomBytes(4).toString('hex')}@integrator.test`,
      enableAPIKey: true,
      apiKey,
      grants,
    },
  })
  expect(created.status).toBe(201)
  return { id: String(created.body.doc.id), name, apiKey }
}

/** A one-time portal link, asked for with the consumer's API key. */
export async function portalLink(apiKey: string, body: Record<string, unknown> = {}) {
  const answer = await api('/webhooks/portal-sessions', { method: 'POST', apiKey, body })
  expect(answer.status).toBe(201)
  const url = answer.body.url as string
  expect(url.startsWith(`${baseUrl}/portal/enter#token=`)).toBe(true)
  return { url, token: new URL(url).hash.replace('#token=', ''), expiresAt: answer.body.expires_at }
}

/** How a link's token is stored (`link_hash`), to reach its row in `webhook_portal_sessions`. */
export const linkHash = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A page of a fresh browser context (its own cookie jar: one portal session) that records the
 * Content-Security-Policy violations the browser reports and the errors its scripts throw.
 */
export async function portalPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  where: { locale?: string; timezoneId?: string } = {},
) {
  const context = await browser.newContext({ viewport, ...where })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
  const page = await context.newPage()
  const violations: string[] = []
  const errors: string[] = []
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return { page, context, violations, errors }
}

/** Opens a portal link and waits for the endpoints page it leads to; the link page's response. */
export async function openPortal(page: Page, url: string) {
  const response = await page.goto(url)
  await page.waitForURL((address) => address.pathname === '/portal')
  await page.getByRole('heading', { level: 1, name: 'Endpoints' }).waitFor()
  return response
}

/** The text of the element an `aria-describedby` (or any id) names. */
export async function textOfId(page: Page, id: string) {
  return (await page.locator(`[id="${id}"]`).textContent()) ?? ''
}

/** The messages described beside a control (its `aria-describedby` elements), joined. */
export async function describedText(page: Page, selector: ReturnType<Page['locator']>) {
  const ids = ((await selector.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean)
  const texts = await Promise.all(ids.map((id) => textOfId(page, id)))
  return texts.join(' ')
}

/** A status (`fetch`) the page itself gets for a request, with its cookie and its Origin. */
export async function statusFromPage(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  return page.evaluate(
    async ({ path, method, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return response.status
    },
    { path, method: init.method ?? 'GET', body: init.body },
  )
}

/**
 * A new consumer with an endpoint at `endpointUrl` that has failed once: its test event, queued
 * on creation, failed (the receiver must answer 500 until told otherwise), and the endpoint
 * backs off until `backoff` from now (an SQL interval), written as the worker writes it rather
 * than waited for. Returns the consumer, the subscription's id and the failed delivery's id.
 */
export async function backingOffEndpoint(
  database: pg.Client,
  args: { consumerName: string; endpointUrl: string; backoff: string },
) {
  const owner = await createConsumer(await adminToken(), args.consumerName)
  const created = await api('/webhooks/subscriptions', {
    method: 'POST',
    apiKey: owner.apiKey,
    body: { endpoint_url: args.endpointUrl, events: ['order.created'] },
  })
  expect(created.status).toBe(201)
  const subscriptionId = created.body.id as string
  const failed = await eventually(async () => {
    const { rows } = await database.query<{ id: number }>(
      `SELECT d.id FROM webhook_deliveries d JOIN webhook_subscriptions s
         ON s.id = d.subscription_id
       WHERE d.subscription_id = $1 AND d.status = 'failed' AND s.backoff_level > 0`,
      [subscriptionId],
    )
    return rows[0]
  })
  await database.query(
    `UPDATE webhook_subscriptions SET backoff_until = now() + $2::interval WHERE id = $1`,
    [subscriptionId, args.backoff],
  )
  return { owner, subscriptionId, failedDeliveryId: failed!.id }
}

/**
 * Waits until the endpoint form on `page` has read the event types ("Loading the event types…"
 * gone). Until then it lists the endpoint's types with nothing beside them: neither what each
 * is nor that one is no longer offered.
 */
export async function eventTypesShown(page: Page) {
  await page
    .getByRole('status')
    .filter({ hasText: 'Loading the event types' })
    .waitFor({ state: 'detached' })
}
