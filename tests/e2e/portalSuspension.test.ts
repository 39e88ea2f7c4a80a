import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'
import { api } from './api'
import { adminPanelAs, browserForFile } from './browser'
import { adminToken, createConsumer, openPortal, portalLink, portalPage } from './portalHelpers'

// Issue 49 item 5, in the browser: an administrator suspends a consumer's subscription in the
// admin panel, with a reason; the consumer's portal shows the suspension and why, and its
// "turn on" is refused, saying why.

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
const browser = browserForFile()
let receiver: WebhookReceiver

beforeAll(async () => {
  receiver = await startWebhookReceiver()
})

afterAll(async () => {
  await receiver?.close()
})

describe('an administrator suspending a subscription in the admin panel', () => {
  it('shows the consumer the suspension and its reason in the portal, which refuses to turn it on', async () => {
    const consumer = await createConsumer(await adminToken(), 'Suspended in the browser')
    const created = await api('/webhooks/subscriptions', {
      method: 'POST',
      apiKey: consumer.apiKey,
      body: { endpoint_url: receiver.url('/browser-suspended'), events: ['order.paid'] },
    })
    expect(created.status).toBe(201)
    const id = created.body.id as string
    const reason = 'Your receiver echoes buyer addresses into its logs (ticket 4711)'

    const admin = await adminPanelAs(browser(), credentials.adminEmail, credentials.adminPassword)
    await admin.goto(`${baseUrl}/admin/collections/webhook-subscriptions/${id}`)
    await admin.locator('#field-endpointUrl').waitFor()
    await admin.getByRole('checkbox', { name: 'Suspended', exact: true }).check()
    await admin.locator('#field-suspensionReason').fill(reason)
    await admin.getByRole('button', { name: 'Save' }).click()
    const suspension = await eventually(async () => {
      const answer = await api(`/webhooks/subscriptions/${id}`, { apiKey: consumer.apiKey })
      return answer.body.data?.suspension ?? undefined
    })
    expect(suspension.reason).toBe(reason)
    await admin.close()

    const { page, context } = await portalPage(browser())
    await openPortal(page, (await portalLink(consumer.apiKey)).url)
    const card = page.getByRole('article').filter({ hasText: receiver.url('/browser-suspended') })
    await card.getByText(/Suspended since/).waitFor()
    expect(await card.textContent()).toContain(reason)

    await card.getByRole('link').first().click()
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.getByText(/An administrator suspended this endpoint/).waitFor()
    await page.getByRole('button', { name: 'Turn on endpoint' }).click()
    const refusal = page.getByRole('alert').filter({ hasText: 'cannot be turned on' })
    await refusal.waitFor()
    expect(await refusal.textContent()).toContain(reason)
    const after = await api(`/webhooks/subscriptions/${id}`, { apiKey: consumer.apiKey })
    expect(after.body.data.suspension.reason).toBe(reason)
    await context.close()
  })
})
