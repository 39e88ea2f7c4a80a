import { randomBytes } from 'node:crypto'

import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'

import { formChecks } from './adminForm'
import { api } from './api'
import { browserForFile } from './browser'
import { editorToken, logInAsEditor } from './editorSession'
import {
  adminToken,
  createConsumer,
  describedText,
  openPortal,
  portalLink,
  portalPage,
} from './portalHelpers'

// Issue 38, item 4: each refusal names the field and what to do, in the words of the person
// who sees it (no library phrasing, no server setting), beside the field it concerns; the
// upload area says which files it takes before one is chosen; required fields are marked.

const baseUrl = inject('baseUrl')
const browser = browserForFile()

/** zod's phrasing and the server's settings, which no person should be shown. */
const codeWords = /Too small|expected|>=|WEBHOOK_|absolute http|Invalid MIME|MIME type/

/** The admin panel's text field of `path` (Payload's wrapper: label, input and error). */
const adminTextField = (page: Page, path: string) =>
  page.locator('.field-type.text').filter({ has: page.locator(`#field-${path}`) })

describe("the portal's new endpoint form", () => {
  it('shows each refusal beside its field, saying what to do', async () => {
    const consumer = await createConsumer(await adminToken(), `Refusals ${Date.now()}`)
    const { page } = await portalPage(browser())
    await openPortal(page, (await portalLink(consumer.apiKey)).url)
    await page.getByRole('link', { name: 'Add endpoint' }).click()
    await page.getByRole('heading', { level: 1, name: 'New endpoint' }).waitFor()
    const url = page.getByLabel('Endpoint URL')
    const create = page.getByRole('button', { name: 'Create endpoint' })

    // Nothing filled in: the URL and the events are refused, each beside itself.
    await create.click()
    await page.locator('[id$="-events-error"]').waitFor()
    expect(await url.getAttribute('aria-invalid')).toBe('true')
    expect(await describedText(page, url)).toContain(
      'Enter the full address of your receiver, starting with https://',
    )
    const events = page.getByRole('group', { name: 'Events' })
    expect(await describedText(page, events)).toContain(
      'Choose at least one event type (or * for all)',
    )
    expect(await page.getByLabel('order.paid', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    )
    const summary = page.getByRole('alert').first()
    expect(await summary.textContent()).toContain(
      'Events: choose at least one event type (or * for all)',
    )

    // An address on a private network: where it is and what to do, not the server's setting.
    await url.fill('http://169.254.169.254/latest')
    await page.getByLabel('order.paid', { exact: true }).check()
    await create.click()
    await page.getByText('use a public address').first().waitFor()
    expect(await page.locator('[id$="-events-error"]').count()).toBe(0)
    expect(await describedText(page, url)).toBe(
      'An https:// address of yours on the public internet. We sign every delivery we send to it. ' +
        'This address (169.254.169.254) is on a private network (169.254.x.x) that this service ' +
        'does not send to: use a public address',
    )
    expect(await page.locator('form').textContent()).not.toMatch(codeWords)
    await page.screenshot({ path: 'docs/images/portal-endpoint-refused.png' })
  })
})

describe("the admin panel's media upload", () => {
  it('says which files it takes, and how large, before one is chosen, and refuses an SVG in those words', async () => {
    const page = await logInAsEditor(browser())
    await page.goto(`${baseUrl}/admin/collections/media/create`)
    // The app under test keeps the default limit, MEDIA_MAX_MEGABYTES=10.
    const accepted = page.getByText('PNG, JPEG, WebP, GIF or AVIF, up to 10 MB')
    await accepted.waitFor()
    expect(await accepted.isVisible()).toBe(true)
    await page.screenshot({ path: 'docs/images/media-create.png' })

    await page.locator('input[type="file"]').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
    })
    await page.getByRole('textbox', { name: 'Alt' }).fill('A logo')
    await page.getByRole('button', { name: 'Save' }).click()
    const refusal =
      'SVG files are not accepted. Upload a PNG, JPEG, WebP, GIF or AVIF image, up to 10 MB.'
    // Beside the upload area (the error of its field), not only in a passing toast.
    await page.locator('.file-field .field-error').getByText(refusal).waitFor({ state: 'attached' })
    expect(await page.locator('body').innerText()).not.toMatch(codeWords)
  })
})

describe('a stock adjustment', () => {
  it('marks its Reason as required and shows a missing one beside the field', async () => {
    const token = await editorToken()
    const suffix = randomBytes(4).toString('hex')
    const product = await api('/api/products', {
      method: 'POST',
      token,
      body: { name: `Lamp ${suffix}`, slug: `lamp-${suffix}`, price: 10, stock: 5, active: true },
    })
    expect(product.status).toBe(201)
    const page = await logInAsEditor(browser())

    // Stock > Stock adjustments > Create New.
    await page.goto(`${baseUrl}/admin/collections/stock-adjustments/create`)
    const reason = adminTextField(page, 'reason')
    await reason.waitFor()
    expect(await reason.locator('label .required').count()).toBe(1)
    await page.locator('#field-delta').fill('3')
    await page.getByRole('button', { name: 'Save' }).click()
    await reason.locator('.field-error').first().waitFor({ state: 'attached' })
    expect(await reason.locator('.field-error').first().textContent()).toMatch(/\S/)

    // The product's own "Adjust stock by": its Reason is required once units are given.
    await page.goto(`${baseUrl}/admin/collections/products/${product.body.doc.id}`)
    const productReason = adminTextField(page, 'stockChangeReason')
    await productReason.waitFor()
    expect(await productReason.locator('label .required').count()).toBe(1)
    // As a person does: units typed, then Save, once the form has checked what was typed. The
    // form may ask the server for its state more than once for one change; an answer that came
    // after Save replaced the error Save had shown (seen once in CI), so Save waits for all.
    const checks = formChecks(page)
    await page.locator('#field-stockChange').fill('3')
    await checks.settled()
    await page.getByRole('button', { name: 'Save' }).click()
    await productReason.locator('.field-error').first().waitFor({ state: 'attached' })
    expect(await productReason.locator('.field-error').first().textContent()).toContain(
      'Say why the stock changes',
    )
    expect(await page.locator('body').innerText()).not.toContain('stockChangeReason')
    await page.screenshot({ path: 'test-results/product-stock-reason.png', fullPage: true })
    expect((await api(`/api/products/${product.body.doc.id}`, { token })).body.stock).toBe(5)
  })
})
