import { mkdir } from 'node:fs/promises'

import pg from 'pg'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { eventually, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'
import { api } from './api'
import { browserForFile } from './browser'
import {
  adminToken,
  createConsumer,
  describedText,
  openPortal,
  portalLink,
  portalPage,
} from './portalHelpers'

const baseUrl = inject('baseUrl')
const browser = browserForFile()

let database: pg.Client
let receiver: WebhookReceiver

beforeAll(async () => {
  database = new pg.Client({ connectionString: inject('databaseUrl') })
  await database.connect()
  receiver = await startWebhookReceiver()
})

afterAll(async () => {
  await database?.end()
  await receiver?.close()
})

/** Counts the page's requests to send delivery `id` again, from now on. */
function countRetries(page: Page, id: number) {
  const retries = { count: 0 }
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (request.method() === 'POST' && pathname === `/webhooks/deliveries/${id}/retry`) {
      retries.count++
    }
  })
  return retries
}

/** What an attempt's card of the delivery page says after `term`. */
const factOf = (card: ReturnType<Page['getByRole']>, term: string) =>
  card.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').textContent()

// Before: a delivered delivery offered "Retry now", which sent it again at once: the receiver
// got the event a second time without anyone being told it would.
describe('a delivery that succeeded, on its portal page', () => {
  it('offers "Send again", which asks first (the receiver gets it twice, with the same webhook-id) and sends only when confirmed', async () => {
    const owner = await createConsumer(await adminToken(), 'Replaying integrator')
    const created = await api('/webhooks/subscriptions', {
      method: 'POST',
      apiKey: owner.apiKey,
      body: { endpoint_url: receiver.url('/delivered'), events: ['order.created'] },
    })
    expect(created.status).toBe(201)
    // The test event queued on the endpoint's creation is delivered.
    const delivered = (await eventually(
      async () =>
        (
          await database.query<{ id: number; event_id: string }>(
            `SELECT id, event_id FROM webhook_deliveries
             WHERE subscription_id = $1 AND status = 'succeeded'`,
            [created.body.id],
          )
        ).rows[0],
    ))!
    const postsOfEvent = () =>
      receiver.posts().filter((post) => post.headers['webhook-id'] === delivered.event_id)
    expect(postsOfEvent()).toHaveLength(1)

    const { page, errors, violations } = await portalPage(browser())
    await openPortal(page, (await portalLink(owner.apiKey)).url)
    await page.goto(`${baseUrl}/portal/deliveries/${delivered.id}`)
    await page.getByRole('heading', { level: 1, name: `Delivery ${delivered.id}` }).waitFor()
    await page.locator('.page-heading').getByText('succeeded', { exact: true }).waitFor()
    const retries = countRetries(page, delivered.id)

    // The button the page offers sends nothing by itself.
    await page.getByRole('button', { name: /^(Retry now|Send again)$/ }).click()
    await page.waitForTimeout(1500)
    expect(retries.count, 'requests to send it again before any confirmation').toBe(0)
    expect(postsOfEvent(), 'deliveries of the event before any confirmation').toHaveLength(1)

    // It asks, in words: received already, a second time, the same webhook-id.
    const question = page.getByRole('group', {
      name: 'Send this delivery again? Your endpoint has already received it.',
    })
    await question.waitFor()
    const explanation = await describedText(page, question)
    expect(explanation).toContain('It will arrive a second time')
    expect(explanation).toContain(`webhook-id ${delivered.event_id}`)
    expect(explanation).toContain('a receiver that ignores an event id it has seen will drop it')
    const confirm = question.getByRole('button', { name: 'Yes, send it again' })
    expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true)
    await mkdir('docs/images', { recursive: true })
    await page
      .getByRole('region', { name: 'The delivery' })
      .screenshot({ path: 'docs/images/portal-send-again.png' })

    // Escape answers no: nothing is sent, and focus is back on the button.
    await page.keyboard.press('Escape')
    const sendAgain = page.getByRole('button', { name: 'Send again', exact: true })
    await sendAgain.waitFor()
    expect(await sendAgain.evaluate((button) => button === document.activeElement)).toBe(true)
    expect(retries.count).toBe(0)

    // From the keyboard: Enter asks, Enter on the confirming button sends.
    await page.keyboard.press('Enter')
    await confirm.waitFor()
    await page.keyboard.press('Enter')
    await page.getByText('Sent again: your endpoint answered 200.').waitFor({ timeout: 30_000 })
    expect(retries.count).toBe(1)
    await eventually(() => postsOfEvent().length === 2)
    const [first, second] = postsOfEvent()
    expect(second!.body).toBe(first!.body)

    // The attempt log says who sent it: a person, not the schedule.
    const newest = page.getByRole('article', { name: 'Attempt 2 succeeded manual' })
    await newest.waitFor()
    expect(await factOf(newest, 'Trigger')).toBe('Manual (retry, replay or recover)')
    // The first was the endpoint's test event, sent on its creation (issue 52: it said
    // "Scheduled").
    const oldest = page.getByRole('article', { name: 'Attempt 1 succeeded test' })
    expect(await factOf(oldest, 'Trigger')).toBe(
      'Test (sent by "Send test event", or when the endpoint was created)',
    )
    // Still delivered: the next send asks again.
    await sendAgain.waitFor()
    expect(await page.getByRole('button', { name: 'Retry now' }).count()).toBe(0)
    expect(errors).toEqual([])
    expect(violations).toEqual([])
  })
})
