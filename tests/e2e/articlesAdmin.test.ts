import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { launchBrowser } from './browser'

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('articles in the admin panel', () => {
  it('lets an editor open the seeded articles and publish a draft', async () => {
    const page = await browser.newPage()
    await page.goto(`${baseUrl}/admin/login`)
    await page.fill('#field-email', credentials.editorEmail)
    await page.fill('#field-password', credentials.editorPassword)
    await page.click('button[type="submit"]')
    await page.waitForURL((url) => url.pathname === '/admin')

    await page.goto(`${baseUrl}/admin/collections/articles?where[status][equals]=draft`)
    const firstDraft = page.locator('.table tbody tr a').first()
    await firstDraft.waitFor()
    await firstDraft.click()
    await page.waitForURL(/\/admin\/collections\/articles\/\d+/)
    const id = Number(page.url().split('/').pop())

    await page.locator('#field-status').click()
    await page.getByRole('option', { name: 'published' }).click()
    await page.click('#action-save')
    await page.getByText('successfully').first().waitFor()

    // What the editor saved is what the API serves, to a consumer too.
    const response = await fetch(`${baseUrl}/api/v1/articles/${id}`, {
      headers: { 'x-api-key': credentials.consumerApiKey },
    })
    expect(response.status).toBe(200)
    const { data } = await response.json()
    expect(data.status).toBe('published')
    expect(data.published_at).not.toBeNull()
  })
})
