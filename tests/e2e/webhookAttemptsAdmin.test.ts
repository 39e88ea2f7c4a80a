import { mkdir } from 'node:fs/promises'

import { describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { eventually, startWebhookReceiver } from '../helpers/webhookReceiver'
import { api, appDatabase, subscribeSeededConsumer } from './api'
import { browserForFile } from './browser'

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

      // The creation's test delivery: its first (scheduled) attempt gets the 500.
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
      expect(oldest.slice(0, 2)).toEqual(['1', 'scheduled'])
      expect(oldest[4]).toBe('500')
      for (const row of [newest, oldest]) {
        // The one date format of the admin panel and the portal.
        expect(row[2]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC[+-]\d{2}:\d{2}$/)
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
