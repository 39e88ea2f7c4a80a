import { describe, expect, inject, it } from 'vitest'

import { browserForFile } from './browser'

const baseUrl = inject('baseUrl')
const browser = browserForFile()

describe('the API reference at /docs (production build)', () => {
  it('renders the document, its article operations and webhook events, from this app alone', async () => {
    const served = await fetch(`${baseUrl}/api/openapi.json`)
    expect(served.status, 'GET /api/openapi.json').toBe(200)
    const document = await served.json()
    const page = await browser().newPage()
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    const consoleErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })

    await page.goto(`${baseUrl}/docs`)
    expect(await page.title()).toBe('Content & Shop API reference')
    await page.getByRole('heading', { level: 1, name: document.info.title }).waitFor()

    const articles = page
      .locator('.opblock-tag-section')
      .filter({ has: page.getByRole('heading', { level: 3, name: /^Articles\b/ }) })
    await articles.waitFor()
    await articles
      .locator('.opblock-summary')
      .filter({ has: page.getByText('GET', { exact: true }) })
      .filter({ has: page.getByText('/api/v1/articles', { exact: true }) })
      .waitFor()

    // OpenAPI 3.1's top-level `webhooks`, apart from the `Webhooks` tag of the subscription API.
    const webhooks = page
      .locator('.webhooks')
      .filter({ has: page.getByRole('heading', { level: 2, name: 'Webhooks', exact: true }) })
    await webhooks.getByText('order.created', { exact: true }).waitFor()

    // Whatever the rendered page still loads (images, the icon) counts as part of the load.
    await page.waitForLoadState('networkidle')
    expect(requested).toContain(`${baseUrl}/api/openapi.json`)
    const isElsewhere = (url: string) => !url.startsWith('data:') && new URL(url).origin !== baseUrl
    expect(requested.filter(isElsewhere)).toEqual([])
    expect(consoleErrors).toEqual([])
  })

  it('serves its assets from an allow-list, cacheable under content-hashed URLs', async () => {
    const response = await fetch(`${baseUrl}/docs`)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const html = await response.text()
    const assetUrls = Array.from(html.matchAll(/"(\/docs\/assets\/[^"]+)"/g), ([, url]) => url!)
    expect(assetUrls).toHaveLength(4)

    const contentTypes = { css: 'text/css', js: 'text/javascript', png: 'image/png' }
    for (const url of assetUrls) {
      const asset = await fetch(`${baseUrl}${url}`)
      const extension = url.replace(/\?.*/, '').split('.').pop() as keyof typeof contentTypes
      expect(asset.status, url).toBe(200)
      expect(asset.headers.get('content-type'), url).toContain(contentTypes[extension])
      expect(asset.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable')
    }

    for (const name of ['package.json', 'swagger-ui.css.map', 'index.html', '..%2Fpackage.json']) {
      expect((await fetch(`${baseUrl}/docs/assets/${name}`)).status, name).toBe(404)
    }
  })
})
