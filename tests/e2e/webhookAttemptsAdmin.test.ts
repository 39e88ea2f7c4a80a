import { mkdir } from 'node:fs/promises'

import { describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { eventually, startWebhookReceiver } from '../helpers/webhookReceiver'
import { api, appDatabase, subscribeSeededConsumer } from './api'
import { adminPanelAs, browserForFile } from './browser'

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
const browser = browserForFile()

type Delivery = {
  id: number
  status: string
  attempts: number
  last_response_status: number | null
}

describe('an admin opening a webhook delivery', () => {
  it('sees its attempt log, newest first: the manual retry that succeeded, then the failure', async () => {
    // The first POST (the first delivery) fails, every later one succeeds.
    let posts = 0
    const receiver = await startWebhookReceiver((request) => ({
      status: request.method === 'POST' && ++posts === 1 ? 500 : 200,
    }))
    const database = await appDatabase()
    try {
      const subscribed = await subscribeSeededConsumer(receiver.url('/attempt-log'), ['order.paid'])
      expect(subscribed.status).toBe(201)
      const subscriptionId = subscribed.body.id as string
      // Read from the database: polling the API this often would meet its rate limit.
      const deliveries = async () =>
        (
          await database.query<Delivery>(
            `SELECT id, status, attempts::int AS attempts,
               last_response_status::int AS last_response_status
             FROM webhook_deliveries WHERE subscription_id = $1`,
            [subscriptionId],
          )
        ).rows

      // The creation's test delivery: its first attempt (a test's) gets the 500.
      await receiver.waitFor((received) => received.length >= 1)
      const failed = (await eventually(async () =>
        (await deliveries()).find(
          (delivery) => delivery.attempts === 1 && delivery.last_response_status === 500,
        ),
      )) as Delivery
      expect(failed.status).toBe('failed')
      // Retried by hand rather than waiting for the retry schedule.
      const retried = await api(`/webhooks/deliveries/${failed.id}/retry`, {
        method: 'POST',
        apiKey: credentials.consumerApiKey,
      })
      expect(retried.status).toBe(202)
      await eventually(async () =>
        (await deliveries()).some(
          (delivery) => delivery.id === failed.id && delivery.status === 'succeeded',
        ),
      )
      expect(receiver.posts()).toHaveLength(2)

      const page = await browser().newPage({ viewport: { width: 1280, height: 900 } })
      await page.goto(`${baseUrl}/admin/login`)
      await page.fill('#field-email', credentials.adminEmail)
      await page.fill('#field-password', credentials.adminPassword)
      await page.click('button[type="submit"]')
      await page.waitForURL((url) => url.pathname === '/admin')

      await page.goto(`${baseUrl}/admin/collections/webhook-deliveries/${failed.id}`)
      const table = page.getByRole('table', { name: /Attempts, newest first/ })
      await table.waitFor()
      const headers = await table.locator('thead th').allTextContents()
      expect(headers).toEqual([
        'Attempt',
        'Trigger',
        'Attempted at',
        'Duration (ms)',
        'Status',
        'Error',
        'Response body',
        'Signature',
      ])
      const rows = table.locator('tbody tr')
      expect(await rows.count()).toBe(2)
      const cells = async (row: number) =>
        (await rows.nth(row).locator('th, td').allTextContents()).map((text) => text.trim())
      const [newest, oldest] = [await cells(0), await cells(1)]
      expect(newest.slice(0, 2)).toEqual(['2', 'manual'])
      expect(newest[4]).toBe('200')
      // Issue 52: the test's own attempt said "scheduled".
      expect(oldest.slice(0, 2)).toEqual(['1', 'test'])
      expect(oldest[4]).toBe('500')
      for (const row of [newest, oldest]) {
        // The one date format of the admin panel and the portal, to the second (issue 52).
        expect(row[2]).toMatch(
          /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2} UTC[+-]\d{2}:\d{2}$/,
        )
        expect(row[3]).toMatch(/^\d+$/)
        expect(row[6]).toBe('ok')
        expect(row[7]).toMatch(/^v1,/)
      }

      // The delivery's payload, its event's data read from the event log, as the receiver got it.
      const sent = JSON.parse(receiver.posts()[0]!.body) as { data: { message: string } }
      expect(sent.data.message).toBe('This is a test event.')
      await page
        .locator('.field-type.json-field')
        .filter({ has: page.getByText('Payload', { exact: true }) })
        .getByText(sent.data.message)
        .waitFor()

      await table.scrollIntoViewIfNeeded()
      await mkdir('docs/images', { recursive: true })
      await page.screenshot({ path: 'docs/images/admin-delivery-attempts.png' })
    } finally {
      await database.end()
      await receiver.close()
    }
  })
})

// Before: "Retry now" was offered on a delivery that had succeeded and sent it again at once:
// the receiver got a duplicate no one had been warned about.
describe('an admin sending a delivered webhook delivery again', () => {
  it('is offered "Send again", which asks first (twice, the same webhook-id) and logs the send as manual', async () => {
    const receiver = await startWebhookReceiver()
    const database = await appDatabase()
    try {
      const subscribed = await subscribeSeededConsumer(receiver.url('/send-again'), ['order.paid'])
      expect(subscribed.status).toBe(201)
      // The creation's test delivery, delivered.
      const delivered = (await eventually(
        async () =>
          (
            await database.query<{ id: number; event_id: string }>(
              `SELECT id, event_id FROM webhook_deliveries
               WHERE subscription_id = $1 AND status = 'succeeded'`,
              [subscribed.body.id],
            )
          ).rows[0],
      ))!
      const postsOfEvent = () =>
        receiver.posts().filter((post) => post.headers['webhook-id'] === delivered.event_id)
      expect(postsOfEvent()).toHaveLength(1)

      const page = await adminPanelAs(browser(), credentials.adminEmail, credentials.adminPassword)
      const retries = { count: 0 }
      page.on('request', (request) => {
        const { pathname } = new URL(request.url())
        if (pathname === `/api/webhook-deliveries/${delivered.id}/retry`) retries.count++
      })
      await page.goto(`${baseUrl}/admin/collections/webhook-deliveries/${delivered.id}`)
      await page.getByRole('table', { name: /Attempts, newest first/ }).waitFor()

      // The button the page offers sends nothing by itself.
      const offered = page.getByRole('button', { name: /^(Retry now|Send again)$/ })
      await offered.click()
      await page.waitForTimeout(1500)
      expect(retries.count, 'requests to send it again before any confirmation').toBe(0)
      expect(postsOfEvent(), 'deliveries of the event before any confirmation').toHaveLength(1)

      const dialog = page.getByRole('dialog', { name: 'Send this delivery again?' })
      await dialog.waitFor()
      const text = (await dialog.textContent()) ?? ''
      expect(text).toContain('has already received it')
      expect(text).toContain('It will arrive a second time')
      expect(text).toContain(`webhook-id ${delivered.event_id}`)
      expect(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        'focus is in the dialog',
      ).toBe(true)

      // Escape answers no: nothing is sent, and focus is back on the button.
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      const sendAgain = page.getByRole('button', { name: 'Send again', exact: true })
      await expect
        .poll(() => sendAgain.evaluate((button) => button === document.activeElement))
        .toBe(true)
      expect(retries.count).toBe(0)

      await sendAgain.click()
      await dialog.getByRole('button', { name: 'Yes, send it again' }).click()
      await page.getByText('Queued: the delivery will be sent a second time now').waitFor()
      await eventually(() => postsOfEvent().length === 2)
      const [first, second] = postsOfEvent()
      expect(second!.body).toBe(first!.body)
      await eventually(
        async () =>
          (
            await database.query(
              `SELECT 1 FROM webhook_deliveries WHERE id = $1 AND attempts = 2
                 AND status = 'succeeded'`,
              [delivered.id],
            )
          ).rowCount === 1,
      )

      // The attempt log marks the second send as a person's.
      await page.reload()
      const rows = page.getByRole('table', { name: /Attempts, newest first/ }).locator('tbody tr')
      await expect.poll(() => rows.count()).toBe(2)
      const trigger = async (row: number) =>
        (await rows.nth(row).locator('th, td').allTextContents()).slice(0, 2)
      expect(await trigger(0)).toEqual(['2', 'manual'])
      // The creation's test event: its own attempt is a test's (issue 52: it said "scheduled").
      expect(await trigger(1)).toEqual(['1', 'test'])
      await page.getByRole('button', { name: 'Send again', exact: true }).waitFor()
      expect(await page.getByRole('button', { name: 'Retry now' }).count()).toBe(0)
    } finally {
      await database.end()
      await receiver.close()
    }
  })
})
