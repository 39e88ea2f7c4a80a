import { mkdir } from 'node:fs/promises'

import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { eventually, startWebhookReceiver } from '../helpers/webhookReceiver'
import { formChecks } from './adminForm'
import { api, appDatabase, buyerAddress, subscribeSeededConsumer } from './api'
import { adminPanelAs, browserForFile } from './browser'
import { editorToken } from './editorSession'

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
const browser = browserForFile()

const logIn = (email: string, password: string) => adminPanelAs(browser(), email, password)

const guest = {
  customerEmail: 'stale-form@example.com',
  shippingAddress: buyerAddress,
}

/** Logs what the admin form sends on save (the request body of the PATCH / POST). */
function captureSaves(page: Page, collection: string) {
  const bodies: string[] = []
  page.on('request', (request) => {
    if (request.url().includes(`/api/${collection}/`) && request.method() === 'PATCH') {
      bodies.push(request.postData() ?? '')
    }
  })
  return bodies
}

describe('an editor saving a product whose stock changed under the form', () => {
  it('keeps the stock a checkout took while the form was open', async () => {
    const token = await editorToken()
    const created = await api('/api/products', {
      method: 'POST',
      token,
      body: { name: 'Stale Form Lamp', price: 100, stock: 10, description: 'A lamp.' },
    })
    expect(created.status).toBe(201)
    const productId = created.body.doc.id as number

    const page = await logIn(credentials.editorEmail, credentials.editorPassword)
    const saves = captureSaves(page, 'products')
    await page.goto(`${baseUrl}/admin/collections/products/${productId}`)
    await page.locator('#field-description').waitFor()

    const placed = await api('/api/orders/checkout', {
      method: 'POST',
      body: { items: [{ productId, quantity: 3 }], ...guest },
    })
    expect(placed.status).toBe(201)
    expect((await api(`/api/products/${productId}`, { token })).body.stock).toBe(7)

    await page.fill('#field-description', 'A lamp, now with a linen shade.')
    await page.click('#action-save')
    await page
      .getByText(/updated successfully/i)
      .first()
      .waitFor()
    console.log('admin form sent:', saves)

    const product = (await api(`/api/products/${productId}`, { token })).body
    expect(product.description).toBe('A lamp, now with a linen shade.')
    expect(product.stock).toBe(7)
  })

  it('lets the editor add 5 received units with a reason, and shows the stock and who did it', async () => {
    const token = await editorToken()
    const created = await api('/api/products', {
      method: 'POST',
      token,
      body: { name: 'Adjusted Lamp', price: 100, stock: 10 },
    })
    const productId = created.body.doc.id as number
    const placed = await api('/api/orders/checkout', {
      method: 'POST',
      body: { items: [{ productId, quantity: 3 }], ...guest },
    })
    expect(placed.status).toBe(201)

    const page = await logIn(credentials.editorEmail, credentials.editorPassword)
    await page.goto(`${baseUrl}/admin/collections/products/${productId}`)
    const stock = page.locator('#field-stock')
    await stock.waitFor()
    expect(await stock.isDisabled()).toBe(true)
    expect(await stock.inputValue()).toBe('7')

    await page.fill('#field-stockChange', '5')
    await page.fill('#field-stockChangeReason', 'Delivery from the supplier')
    await page.click('#action-save')
    await page
      .getByText(/updated successfully/i)
      .first()
      .waitFor()
    await expect.poll(() => stock.inputValue()).toBe('12')
    const history = page.locator('.field-type.join tbody tr').first()
    await history.getByText('Delivery from the supplier').waitFor()
    expect(await history.textContent()).toContain('+5')
    expect(await history.textContent()).toContain('Eddie Editor')
    expect(await page.locator('#field-stockChange').inputValue()).toBe('')
    await mkdir('docs/images', { recursive: true })
    await page.screenshot({
      path: 'docs/images/admin-product-stock-adjustment.png',
      fullPage: true,
    })

    expect((await api(`/api/products/${productId}`, { token })).body.stock).toBe(12)
  })
})

describe('an admin saving a subscription the worker disabled under the form', () => {
  it('refuses to re-enable it with a message saying what happened, and keeps it disabled', async () => {
    const receiver = await startWebhookReceiver()
    const database = await appDatabase()
    try {
      const subscribed = await subscribeSeededConsumer(receiver.url('/stale-form'), ['order.paid'])
      expect(subscribed.status).toBe(201)
      const id = subscribed.body.id as string
      const state = async () =>
        (
          await database.query(
            `SELECT is_active, failure_count::int AS failure_count, last_delivery_at,
               description FROM webhook_subscriptions WHERE id = $1`,
            [id],
          )
        ).rows[0]
      // The creation's test delivery is recorded first, so that nothing but the test writes after.
      await eventually(async () => (await state()).last_delivery_at !== null)

      const page = await logIn(credentials.adminEmail, credentials.adminPassword)
      const saves = captureSaves(page, 'webhook-subscriptions')
      await page.goto(`${baseUrl}/admin/collections/webhook-subscriptions/${id}`)
      await page.locator('#field-description').waitFor()

      // The admin types; the form's first change asks the server for its state, which is when
      // Payload compares the document's time with the form's (a change found then opens its own
      // "Document modified" dialog). The worker disables the subscription after that, while the
      // admin is still at the form: only the save can tell.
      const checks = formChecks(page)
      await page.fill('#field-description', 'Paid orders, to the warehouse')
      await checks.settled()
      // What the outcome writer does after 100 failed deliveries in a row.
      await database.query(
        `UPDATE webhook_subscriptions SET is_active = false, failure_count = 100,
           disabled_at = now(), updated_at = now() WHERE id = $1`,
        [id],
      )
      await page.click('#action-save')
      const toast = page.locator('[data-sonner-toast]', { hasNotText: 'Submitting' }).first()
      await toast.waitFor()
      console.log('admin form sent:', saves)
      expect(await toast.textContent()).toMatch(
        /^Active is now off: this subscription was disabled at .+ after 100 failed deliveries in a row \(after you opened it\)\. Reload the page/,
      )
      // The toast slides in: photographed once it is fully shown.
      await toast.evaluate(
        (element) =>
          new Promise<void>((resolve) => {
            const check = () =>
              getComputedStyle(element).opacity === '1' ? resolve() : requestAnimationFrame(check)
            check()
          }),
      )
      await page.setViewportSize({ width: 1280, height: 900 })
      await mkdir('docs/images', { recursive: true })
      await page.screenshot({ path: 'docs/images/admin-subscription-conflict.png' })

      expect(await state()).toMatchObject({
        is_active: false,
        failure_count: 100,
        description: null,
      })
    } finally {
      await database.end()
      await receiver.close()
    }
  })
})
