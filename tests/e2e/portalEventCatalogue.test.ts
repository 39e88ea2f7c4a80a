import { mkdir } from 'node:fs/promises'

import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { eventually, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'
import { api } from './api'
import { browserForFile } from './browser'
import { adminToken, createConsumer, openPortal, portalLink, portalPage } from './portalHelpers'

const baseUrl = inject('baseUrl')
const browser = browserForFile()
let receiver: WebhookReceiver

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  await mkdir('docs/images', { recursive: true })
})

afterAll(async () => {
  await receiver?.close()
})

// The catalogue page showed each type's raw JSON Schema (`"not": {"pattern": "\\u0000"}` on every
// string) and a test could only be a `webhook.test`.
describe('the event catalogue and typed test events in the portal', () => {
  it('shows each type as a table of its fields with their meanings, and an example', async () => {
    const owner = await createConsumer(await adminToken(), 'Catalogue reader')
    const { page, context } = await portalPage(browser(), { width: 1280, height: 1400 })
    await openPortal(page, (await portalLink(owner.apiKey)).url)
    await page.getByRole('link', { name: 'Event types' }).click()
    await page.getByRole('heading', { level: 1, name: 'Event types' }).waitFor()

    const paid = page.getByRole('region', { name: 'order.paid' })
    const fields = paid.getByRole('table', { name: /fields of order\.paid/i })
    await fields.waitFor()
    expect(await fields.getByRole('columnheader').allTextContents()).toEqual([
      'Field',
      'Type',
      'Meaning',
    ])
    const rows = await Promise.all(
      (await fields.locator('tbody tr').all()).map((row) =>
        row.locator('th, td').allTextContents(),
      ),
    )
    expect(rows.map((row) => row[0])).toEqual([
      'id',
      'status',
      'total',
      'created_at',
      'paid_at',
      'payment_id',
    ])
    const paymentId = rows.find((row) => row[0] === 'payment_id')!
    expect(paymentId[2]).toMatch(/payment intent/)
    const example = paid.getByRole('region', { name: /example/i })
    expect(JSON.parse((await example.locator('pre').textContent()) ?? '')).toMatchObject({
      status: 'paid',
      payment_id: expect.any(String),
    })
    // The JSON Schema stays, folded away; the noise of the input rules is nowhere.
    const schema = paid.getByText('JSON Schema', { exact: true })
    await schema.waitFor()
    expect(await paid.locator('details').first().getAttribute('open')).toBeNull()
    expect(await page.locator('main').innerText()).not.toContain('u0000')

    await paid.scrollIntoViewIfNeeded()
    await paid.screenshot({ path: 'docs/images/portal-event-types.png' })
    await context.close()
  })

  it('sends a test of a chosen type, chosen with the keyboard, and shows it delivered', async () => {
    const owner = await createConsumer(await adminToken(), 'Typed test sender')
    const created = await api('/webhooks/subscriptions', {
      method: 'POST',
      apiKey: owner.apiKey,
      body: { endpoint_url: receiver.url('/typed-test'), events: ['order.paid'] },
    })
    expect(created.status).toBe(201)
    const { id, secret } = created.body as { id: string; secret: string }
    const { page, context } = await portalPage(browser())
    await openPortal(page, (await portalLink(owner.apiKey)).url)
    await page.goto(`${baseUrl}/portal/endpoints/${id}`)

    const select = page.getByLabel('Event type to send')
    await select.waitFor()
    expect(await select.inputValue()).toBe('webhook.test')
    // Every active type is offered once the catalogue is read.
    await select.locator('option[value="order.paid"]').waitFor({ state: 'attached' })
    await select.focus()
    // Typing a name's first letters picks it, as in any select.
    await page.keyboard.type('order.paid')
    expect(await select.inputValue()).toBe('order.paid')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')

    const outcome = page.getByTestId('test-outcome')
    await outcome.waitFor({ timeout: 60_000 })
    expect(await outcome.locator('.outcome__headline').textContent()).toMatch(/^Delivered/)
    const post = await eventually(
      async () =>
        receiver
          .postsTo('/typed-test')
          .find((request) => JSON.parse(request.body).type === 'order.paid') ?? null,
    )
    expect(post!.headers['webhook-test']).toBe('true')
    expect(new Webhook(secret).verify(post!.body, post!.headers)).toMatchObject({
      type: 'order.paid',
      test: true,
    })
    await context.close()
  })
})
