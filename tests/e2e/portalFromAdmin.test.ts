import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { api } from './api'
import { launchBrowser, openAdminList } from './browser'
import { logInThroughForm } from './editorSession'

// The ways into the integrator portal besides the consumer's own link (tests/e2e/portal.test.ts):
// an admin's button in the admin panel, and a page of another site that tries to frame it.

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
/** Another site, on this machine: a name the browser maps to 127.0.0.1. */
let embedder: Server
let embedderUrl: string
let browser: Browser

beforeAll(async () => {
  embedder = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://embedder').searchParams.get('src') ?? ''
    response.setHeader('content-type', 'text/html; charset=utf-8')
    response.end(
      `<!doctype html><title>Embedder</title><h1>Another site</h1>` +
        `<iframe id="portal" title="portal" src="${target.replace(/"/g, '')}"></iframe>`,
    )
  })
  await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve))
  embedderUrl = `http://embedder.test:${(embedder.address() as AddressInfo).port}`
  browser = await launchBrowser({ alsoApps: [embedderUrl] })
})

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => embedder?.close(resolve))
})

describe("an admin opening a consumer's portal", () => {
  it("opens it in a new tab from the consumer's page, acting as that consumer", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await logInThroughForm(page, credentials.adminEmail, credentials.adminPassword)

    await openAdminList(page, '/admin/collections/consumers')
    await page.getByRole('link', { name: 'Demo integration' }).first().click()
    const button = page.getByRole('button', { name: 'Open portal read-only' })
    await button.waitFor()
    const [portal] = await Promise.all([context.waitForEvent('page'), button.click()])
    await portal.waitForURL((url) => url.pathname === '/portal', { timeout: 30_000 })
    // The token left the address bar before anything else could read it.
    expect(new URL(portal.url()).hash).toBe('')
    await expect
      .poll(() => portal.getByText('Demo integration').first().isVisible(), { timeout: 15_000 })
      .toBe(true)
    await expect
      .poll(
        () =>
          portal
            .getByText(/read-only/i)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true)

    // Acting as the consumer there: its session reads that consumer's portal, not the admin's.
    const session = await portal.evaluate(async () => {
      const response = await fetch('/webhooks/portal-sessions/current')
      return { status: response.status, body: await response.json() }
    })
    expect(session.status).toBe(200)
    expect(session.body.data.consumer.name).toBe('Demo integration')
    expect(session.body.data.read_only).toBe(true)

    // "End portal sessions", pressed from the keyboard, ends the session the tab holds.
    const end = page.getByRole('button', { name: 'End portal sessions' })
    await end.focus()
    await page.keyboard.press('Enter')
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /Ended \d+ portal/ })
            .count(),
        {
          timeout: 15_000,
        },
      )
      .toBe(1)
    const after = await portal.evaluate(async () => {
      const response = await fetch('/webhooks/portal-sessions/current')
      return response.status
    })
    expect(after).toBe(401)
    await context.close()
  })
})

describe('the portal says when an admin acts as the consumer', () => {
  it('shows the admin a banner naming the consumer and the admin, with the way back', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await logInThroughForm(page, credentials.adminEmail, credentials.adminPassword)
    await openAdminList(page, '/admin/collections/consumers')
    await page.getByRole('link', { name: 'Demo integration' }).first().click()
    await page.waitForURL((url) => /^\/admin\/collections\/consumers\/[^/]+$/.test(url.pathname))
    const consumerPage = new URL(page.url()).pathname
    const button = page.getByRole('button', { name: 'Open portal', exact: true })
    await button.waitFor()
    const [portal] = await Promise.all([context.waitForEvent('page'), button.click()])
    await portal.waitForURL((url) => url.pathname === '/portal', { timeout: 30_000 })
    const banner = portal.getByRole('region', { name: 'Acting as a consumer' })
    await banner.waitFor({ timeout: 15_000 })
    expect((await banner.textContent())?.replace(/\s+/g, ' ')).toContain(
      `You are acting as Demo integration (signed in as admin ${credentials.adminEmail})`,
    )
    const back = banner.getByRole('link', { name: /back to the admin panel/i })
    expect(await back.getAttribute('href')).toBe(consumerPage)
    await back.click()
    await portal.waitForURL((url) => url.pathname === consumerPage)
    await context.close()
  })

  it('shows a consumer who signs in with its own link no such banner', async () => {
    const { status, body } = await api('/webhooks/portal-sessions', {
      method: 'POST',
      apiKey: credentials.consumerApiKey,
    })
    expect(status).toBe(201)
    const page = await browser.newPage()
    await page.goto(body.url)
    await page.getByRole('heading', { level: 1, name: 'Endpoints' }).waitFor()
    expect(await page.getByText(/acting as/i).count()).toBe(0)
    expect(await page.getByRole('region', { name: 'Acting as a consumer' }).count()).toBe(0)
    await page.close()
  })
})

describe('the portal pages', () => {
  it('carry a CSP with a fresh nonce, no Referer, and refuse to be framed', async () => {
    const first = await fetch(`${baseUrl}/portal/enter`)
    const second = await fetch(`${baseUrl}/portal/enter`)
    const policy = first.headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("connect-src 'self'")
    const nonceOf = (text: string) => /'nonce-([^']+)'/.exec(text)?.[1]
    expect(nonceOf(policy)).not.toBe(nonceOf(second.headers.get('content-security-policy')!))
    expect(first.headers.get('referrer-policy')).toBe('no-referrer')
    // Every script of the page carries that nonce: none would run otherwise.
    const html = await first.text()
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(script).toContain(`nonce="${nonceOf(policy)}"`)
  })

  it("shows nothing inside another site's frame", async () => {
    const { status, body } = await api('/webhooks/portal-sessions', {
      method: 'POST',
      apiKey: credentials.consumerApiKey,
    })
    expect(status).toBe(201)
    const page = await browser.newPage()
    const blocked: string[] = []
    page.on('console', (message) => {
      if (/frame-ancestors|refused to frame/i.test(message.text())) blocked.push(message.text())
    })
    await page.goto(`${embedderUrl}/?src=${encodeURIComponent(body.url)}`)
    await page.getByRole('heading', { name: 'Another site' }).waitFor()
    await expect.poll(() => blocked.length, { timeout: 15_000 }).toBeGreaterThan(0)
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame())
    const text = await frame?.evaluate(() => document.body?.innerText ?? '').catch(() => '')
    expect(text ?? '').not.toMatch(/Demo integration|Endpoints/)
    await page.close()
  })
})
