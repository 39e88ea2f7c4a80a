import { afterAll, describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { adminPanelAs, browserForFile } from './browser'
import { adminToken, createConsumer, openPortal, portalLink, portalPage } from './portalHelpers'

// Issue 49: an admin grants `orders` on the consumer's page in the admin panel; the consumer's
// portal then offers `order.paid`, which it showed, with the grant it needs, but did not offer.

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
const browser = browserForFile()
const closing: (() => Promise<void>)[] = []

afterAll(async () => {
  for (const close of closing) await close()
})

describe("an admin granting orders on a consumer's page", () => {
  it('makes the portal offer order.paid, which it showed but did not offer before', async () => {
    const consumer = await createConsumer(await adminToken(), 'Grants in the panel', ['content'])
    const portal = await portalPage(browser())
    closing.push(() => portal.context.close())
    const { page } = portal
    await openPortal(page, (await portalLink(consumer.apiKey)).url)
    await page.getByRole('link', { name: 'Add endpoint' }).click()
    await page.getByRole('heading', { level: 1, name: 'New endpoint' }).waitFor()
    const orderPaid = page.getByLabel('order.paid', { exact: true })
    await orderPaid.waitFor()
    expect(await orderPaid.isDisabled()).toBe(true)
    const hintId = await orderPaid.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toContain('Needs the orders grant')
    expect(await page.getByLabel('article.created', { exact: true }).isDisabled()).toBe(false)

    // The admin ticks "Orders" on the consumer's page and saves.
    const admin = await adminPanelAs(browser(), credentials.adminEmail, credentials.adminPassword)
    closing.push(() => admin.close())
    await admin.goto(`${baseUrl}/admin/collections/consumers/${consumer.id}`)
    const orders = admin.getByRole('checkbox', { name: 'Orders' })
    await orders.waitFor()
    expect(await orders.isChecked()).toBe(false)
    expect(await admin.getByRole('checkbox', { name: 'Public content' }).isChecked()).toBe(true)
    await orders.check()
    await admin.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(
        async () => {
          const answer = await fetch(`${baseUrl}/webhooks/event-types?per_page=100`, {
            headers: { 'x-api-key': consumer.apiKey },
          })
          const body = (await answer.json()) as { data: { name: string; is_granted: boolean }[] }
          return body.data.find((type) => type.name === 'order.paid')?.is_granted
        },
        { timeout: 15_000 },
      )
      .toBe(true)

    // The portal, read again, offers it.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'New endpoint' }).waitFor()
    const offered = page.getByLabel('order.paid', { exact: true })
    await offered.waitFor()
    await expect.poll(() => offered.isDisabled(), { timeout: 15_000 }).toBe(false)
    await offered.check()
    expect(await offered.isChecked()).toBe(true)
    expect(portal.errors, 'errors thrown by the page').toEqual([])
  })
})
