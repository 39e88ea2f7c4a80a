import { mkdir } from 'node:fs/promises'

import pg from 'pg'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { eventually, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'
import { api } from './api'
import { browserForFile } from './browser'
import { adminToken, createConsumer, openPortal, portalLink, portalPage } from './portalHelpers'

// Every page of the portal on a phone (390 x 844 CSS pixels, as an iPhone 12 to 15 shows it):
// nothing is wider than the screen, and the endpoint's chart can be read.

const baseUrl = inject('baseUrl')
const browser = browserForFile()

let database: pg.Client
let receiver: WebhookReceiver
let owner: Awaited<ReturnType<typeof createConsumer>>
let subscriptionId = ''
let deliveryId = 0

beforeAll(async () => {
  database = new pg.Client({ connectionString: inject('databaseUrl') })
  await database.connect()
  receiver = await startWebhookReceiver(() => ({ status: 503 }))
  owner = await createConsumer(await adminToken(), 'Phone-width integrator')
  // An endpoint as an integrator writes one: a long address, several event types, and a
  // description with a reference pasted in (one word longer than a phone is wide).
  const created = await api('/webhooks/subscriptions', {
    method: 'POST',
    apiKey: owner.apiKey,
    body: {
      endpoint_url: receiver.url('/hooks/orders-and-articles/production/receiver-v2'),
      events: ['order.created', 'order.paid', 'order.refunded', 'article.published'],
      description:
        'Orders and articles for the warehouse; ticket ref 3f9a1c0e8b7d4a2f9c1e0b8a7d6c5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d',
    },
  })
  expect(created.status).toBe(201)
  subscriptionId = created.body.id as string
  // The test delivery queued on creation, answered 503: a failed delivery with an attempt.
  deliveryId = (await eventually(async () => {
    const { rows } = await database.query<{ id: number }>(
      `SELECT id FROM webhook_deliveries WHERE subscription_id = $1 AND attempts >= 1`,
      [subscriptionId],
    )
    return rows[0]?.id
  }, 60_000)) as number
  // Backing off until the widest time the portal writes, whatever the hour of the run.
  await database.query(
    `UPDATE webhook_subscriptions SET backoff_until = '2099-12-22T22:58:58Z' WHERE id = $1`,
    [subscriptionId],
  )
})

afterAll(async () => {
  await database?.end()
  await receiver?.close()
})

/**
 * What sticks out of the screen on the right or the left: the page's own scrolling width, and
 * each visible element whose box goes past the viewport without a scrolling (or clipping)
 * box around it to hold it.
 */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement
    const width = root.clientWidth
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}` +
      `${typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}` +
      ` "${(element.textContent ?? '').trim().slice(0, 40)}"`
    const isHeldByScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body;) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true
        parent = parent.parentElement
      }
      return false
    }
    const outside: string[] = []
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      if (box.right <= width + 0.5 && box.left >= -0.5) continue
      if (isHeldByScroller(element)) continue
      outside.push(`${describe(element)}: ${Math.round(box.left)}..${Math.round(box.right)}`)
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, outside }
  })
}

describe('the portal on a phone, 390 px wide', () => {
  it('shows every page without anything wider than the screen', async () => {
    const phone = await portalPage(
      browser(),
      { width: 390, height: 844 },
      { locale: 'en-US', timezoneId: 'UTC' },
    )
    await openPortal(phone.page, (await portalLink(owner.apiKey)).url)
    const pages: [string, string | RegExp][] = [
      ['/portal', 'Endpoints'],
      [`/portal/endpoints/${subscriptionId}`, /orders-and-articles/],
      ['/portal/endpoints/new', 'New endpoint'],
      [`/portal/deliveries/${deliveryId}`, `Delivery ${deliveryId}`],
      ['/portal/events', 'Event types'],
    ]
    for (const [path, heading] of pages) {
      await phone.page.goto(`${baseUrl}${path}`)
      await phone.page.getByRole('heading', { level: 1, name: heading }).first().waitFor()
      await phone.page.waitForLoadState('networkidle')
      const { scrollWidth, clientWidth, outside } = await overflowOf(phone.page)
      expect(outside, `elements past the screen's edge on ${path}`).toEqual([])
      expect(scrollWidth, `the width ${path} scrolls to`).toBeLessThanOrEqual(clientWidth)
    }
    expect(phone.errors, 'errors thrown by the pages').toEqual([])
    await phone.context.close()
  })

  // Issue 52: the delivery log was an 878 px table in a scroll box, its "Next attempt" off the
  // screen; event field tables were 417 to 530 px wide.
  it('shows the state of what each page lists within the screen, without scrolling sideways', async () => {
    const phone = await portalPage(
      browser(),
      { width: 390, height: 844 },
      { locale: 'en-US', timezoneId: 'UTC' },
    )
    await openPortal(phone.page, (await portalLink(owner.apiKey)).url)
    /** The first cell of column `column` in `table` (by its header's text). */
    const cellOf = async (table: ReturnType<Page['locator']>, column: string) => {
      const headers = (await table.locator('thead th').allTextContents()).map((text) => text.trim())
      expect(headers, `the columns of ${column}'s table`).toContain(column)
      return table.locator('tbody tr').first().locator('th, td').nth(headers.indexOf(column))
    }
    const keys: [string, string | RegExp, (page: Page) => Promise<ReturnType<Page['locator']>>][] =
      [
        ['/portal', 'Endpoints', async (page) => page.locator('.card .badge').first()],
        [
          `/portal/endpoints/${subscriptionId}`,
          /orders-and-articles/,
          async (page) =>
            cellOf(page.getByRole('region', { name: 'Deliveries', exact: true }), 'Next attempt'),
        ],
        [
          `/portal/endpoints/${subscriptionId}`,
          /orders-and-articles/,
          async (page) =>
            cellOf(page.getByRole('region', { name: 'Deliveries', exact: true }), 'Status'),
        ],
        [
          `/portal/deliveries/${deliveryId}`,
          `Delivery ${deliveryId}`,
          async (page) =>
            page
              .getByRole('article', { name: /^Attempt 1/ })
              .locator('.badge')
              .first(),
        ],
        [
          '/portal/events',
          'Event types',
          async (page) => cellOf(page.getByRole('group', { name: /^Fields of / }).first(), 'Type'),
        ],
        [
          '/portal/endpoints/new',
          'New endpoint',
          async (page) => page.getByRole('button', { name: /^(Add|Create)/ }).first(),
        ],
      ]
    for (const [path, heading, keyOf] of keys) {
      await phone.page.goto(`${baseUrl}${path}`)
      await phone.page.getByRole('heading', { level: 1, name: heading }).first().waitFor()
      await phone.page.waitForLoadState('networkidle')
      const key = await keyOf(phone.page)
      await key.scrollIntoViewIfNeeded()
      // Within the screen's width, and not clipped by a box that scrolls sideways.
      const shown = await key.evaluate((element) => {
        const box = element.getBoundingClientRect()
        let isClipped = false
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX === 'visible') continue
          const frame = parent.getBoundingClientRect()
          if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) isClipped = true
          if (parent.scrollLeft !== 0 || parent.scrollWidth > parent.clientWidth + 1) {
            isClipped = true
          }
        }
        return {
          left: box.left,
          right: box.right,
          width: document.documentElement.clientWidth,
          isClipped,
          text: (element.textContent ?? '').trim().slice(0, 40),
        }
      })
      expect(shown.left, `${path}: "${shown.text}" starts on the screen`).toBeGreaterThanOrEqual(0)
      expect(shown.right, `${path}: "${shown.text}" ends on the screen`).toBeLessThanOrEqual(
        shown.width,
      )
      expect(shown.isClipped, `${path}: "${shown.text}" in a box that scrolls sideways`).toBe(false)
    }
    await phone.page.goto(`${baseUrl}/portal/endpoints/${subscriptionId}`)
    const log = phone.page.getByRole('region', { name: 'Deliveries', exact: true })
    await log.locator('tbody tr').first().waitFor()
    await log.scrollIntoViewIfNeeded()
    await mkdir('docs/images', { recursive: true })
    await log.screenshot({ path: 'docs/images/portal-phone-log.png' })
    expect(phone.errors, 'errors thrown by the pages').toEqual([])
    await phone.context.close()
  })

  it("shows the endpoint's 24 hours in text at least 11 px high, or as a table", async () => {
    const phone = await portalPage(
      browser(),
      { width: 390, height: 844 },
      { locale: 'en-US', timezoneId: 'UTC' },
    )
    await openPortal(phone.page, (await portalLink(owner.apiKey)).url)
    await phone.page.goto(`${baseUrl}/portal/endpoints/${subscriptionId}`)
    const stats = phone.page.getByRole('region', { name: 'Last 24 hours' })
    await stats.getByText(/attempts? in the last 24 hours/).waitFor()
    await stats.screenshot({ path: 'docs/images/portal-phone-chart.png' })
    const shown = await stats.evaluate((region) => {
      const isShown = (element: Element) => {
        const box = element.getBoundingClientRect()
        return box.width > 0 && box.height > 0 && element.checkVisibility()
      }
      const texts = [...region.querySelectorAll('svg text')].filter(isShown).map((text) => {
        const scale = (text as SVGTextElement).ownerSVGElement?.getScreenCTM()?.a ?? 1
        return {
          text: text.textContent ?? '',
          px: parseFloat(getComputedStyle(text).fontSize) * scale,
        }
      })
      const tables = [...region.querySelectorAll('table')].filter(isShown).length
      return { texts, tables }
    })
    if (shown.texts.length > 0) {
      // A chart is shown: each of its labels is readable.
      for (const label of shown.texts) {
        expect(label.px, `rendered size of the label "${label.text}"`).toBeGreaterThanOrEqual(11)
      }
    } else {
      expect(shown.tables, 'a table of the figures, shown without a click').toBeGreaterThan(0)
    }
    await phone.context.close()
  })
})
