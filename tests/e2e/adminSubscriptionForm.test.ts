import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { formatDateTime } from '../../src/text/dateTimeFormat'

import { eventually, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'
import { api, appDatabase, subscribeSeededConsumer } from './api'
import { adminPanelAs, browserForFile } from './browser'

// The admin's form of a webhook subscription: event types as checkboxes from the catalogue,
// extra headers as name / value rows, a link to the subscription's deliveries, and the times the
// system writes shown as text nobody can clear or change.

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
const browser = browserForFile()

let database: pg.Client
let receiver: WebhookReceiver

beforeAll(async () => {
  database = await appDatabase()
  receiver = await startWebhookReceiver()
})

afterAll(async () => {
  await database?.end()
  await receiver?.close()
})

/** A subscription of the seeded consumer to `order.paid`, at `path` of the test's receiver. */
async function subscription(path: string) {
  const created = await subscribeSeededConsumer(receiver.url(path), ['order.paid'])
  expect(created.status).toBe(201)
  return { id: created.body.id as string, url: receiver.url(path) }
}

const formOf = async (id: string) => {
  const page = await adminPanelAs(browser(), credentials.adminEmail, credentials.adminPassword)
  await page.goto(`${baseUrl}/admin/collections/webhook-subscriptions/${id}`)
  await page.locator('#field-endpointUrl').waitFor()
  return page
}

describe("an admin editing a webhook subscription's form", () => {
  it('ticks two event types and adds a header row; the API then shows both', async () => {
    const { id } = await subscription('/form-events')
    const page = await formOf(id)
    const events = page.getByRole('group', { name: 'Events' })
    await events.waitFor()
    // Every active type of the catalogue is offered, and "All events".
    await events.getByRole('checkbox', { name: 'order.created', exact: true }).waitFor()
    const active = await database.query<{ name: string }>(
      `SELECT name FROM webhook_event_types WHERE is_active AND name <> '*'`,
    )
    for (const { name } of active.rows) {
      await expect(events.getByRole('checkbox', { name, exact: true }).count()).resolves.toBe(1)
    }
    expect(await events.getByRole('checkbox', { name: /All events/ }).count()).toBe(1)
    expect(
      await events.getByRole('checkbox', { name: 'order.paid', exact: true }).isChecked(),
    ).toBe(true)
    await events.getByRole('checkbox', { name: 'order.created', exact: true }).check()
    await events.getByRole('checkbox', { name: 'order.refunded', exact: true }).check()

    const headers = page.getByRole('group', { name: 'Headers' })
    await headers.getByRole('button', { name: 'Add header' }).click()
    await headers.getByRole('textbox', { name: 'Name of header 1' }).fill('X-Team')
    await headers.getByRole('textbox', { name: 'Value of header 1' }).fill('payments')

    await page.getByRole('button', { name: 'Save' }).click()
    const stored = await eventually(async () => {
      const answer = await api(`/webhooks/subscriptions/${id}`, {
        apiKey: credentials.consumerApiKey,
      })
      return answer.body.data?.events?.length === 3 ? answer.body.data : undefined
    })
    expect([...stored.events].sort()).toEqual(['order.created', 'order.paid', 'order.refunded'])
    expect(stored.headers).toEqual({ 'X-Team': 'payments' })

    // Opened again, the form shows what was saved.
    await page.reload()
    await events.getByRole('checkbox', { name: 'order.refunded', exact: true }).waitFor()
    expect(
      await events.getByRole('checkbox', { name: 'order.refunded', exact: true }).isChecked(),
    ).toBe(true)
    expect(await headers.getByRole('textbox', { name: 'Name of header 1' }).inputValue()).toBe(
      'X-Team',
    )
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: 'docs/images/admin-subscription-form.png', fullPage: true })
    await page.close()
  })

  it("links to the subscription's deliveries: the list filtered to it", async () => {
    const mine = await subscription('/form-deliveries-mine')
    const other = await subscription('/form-deliveries-other')
    // Each creation queues a test delivery.
    const count = async (id: string) =>
      (
        await database.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM webhook_deliveries WHERE subscription_id = $1',
          [id],
        )
      ).rows[0]!.n
    await eventually(async () => (await count(mine.id)) > 0 && (await count(other.id)) > 0)
    const page = await formOf(mine.id)
    await page.getByRole('link', { name: /deliveries of this subscription/i }).click()
    await page.waitForURL((url) => url.pathname === '/admin/collections/webhook-deliveries')
    const rows = page.locator('.table tbody tr')
    await rows.first().waitFor()
    // The subscription column shows each row's endpoint once it has loaded.
    await expect
      .poll(async () => (await rows.allTextContents()).some((text) => text.includes('Loading')))
      .toBe(false)
    const texts = await rows.allTextContents()
    expect(texts).toHaveLength(await count(mine.id))
    for (const text of texts) {
      expect(text).toContain(mine.url)
      expect(text).not.toContain(other.url)
    }
    await page.close()
  })

  it('shows the times the system writes as text, with no clear button, that cannot be edited', async () => {
    const { id } = await subscription('/form-read-only')
    // The test event queued at creation is delivered first, or its success would write
    // last_delivery_at again after the times below.
    await eventually(
      async () =>
        (
          await database.query(`SELECT last_delivery_at FROM webhook_subscriptions WHERE id = $1`, [
            id,
          ])
        ).rows[0]?.last_delivery_at != null,
    )
    // Written as the worker writes them.
    await database.query(
      `UPDATE webhook_subscriptions SET last_delivery_at = '2026-03-14T09:26:53Z',
         backoff_until = '2099-12-22T22:58:58Z' WHERE id = $1`,
      [id],
    )
    const page = await formOf(id)
    const fieldOf = (label: string) => page.locator('.field-type', { hasText: label }).first()
    await fieldOf('Last Delivery At').waitFor()
    expect(await page.locator('.date-time-picker__clear-button').count()).toBe(0)
    for (const label of ['Last Delivery At', 'Backoff Until']) {
      const input = fieldOf(label).locator('input')
      expect(await input.count(), `inputs of ${label}`).toBe(1)
      expect(await input.isEditable(), `${label} is editable`).toBe(false)
    }
    const lastDelivery = page.getByLabel('Last Delivery At', { exact: true })
    const before = await lastDelivery.inputValue()
    // In the one date format of the admin panel and the portal.
    expect(before).toBe(formatDateTime('2026-03-14T09:26:53Z'))
    await lastDelivery.click()
    await page.keyboard.press('End')
    await page.keyboard.press('Backspace')
    await page.keyboard.type('1')
    expect(await lastDelivery.inputValue()).toBe(before)
    await page.close()
  })
})
