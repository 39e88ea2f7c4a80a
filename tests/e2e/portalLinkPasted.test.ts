import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'

import { browserForFile } from './browser'
import { adminToken, createConsumer, openPortal, portalLink, portalPage } from './portalHelpers'

// A portal link pasted into a tab that already shows a portal page. A link is always
// `/portal/enter#token=...`: from the entry page's own messages only its fragment differs, so the
// browser does not load the page again (it fires `hashchange`); from any other portal page its
// path differs, and the browser loads it.

const baseUrl = inject('baseUrl')
const browser = browserForFile()
const exchangePath = '/webhooks/portal-sessions/exchange'

let owner: Awaited<ReturnType<typeof createConsumer>>

beforeAll(async () => {
  owner = await createConsumer(await adminToken(), 'Pasting integrator')
})

/** Counts the page's exchanges of a link's token from now on. */
function countExchanges(page: Page) {
  const exchanges = { count: 0 }
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === exchangePath) {
      exchanges.count++
    }
  })
  return exchanges
}

/** A link opened once already, in a browser context of its own: it cannot open again. */
async function usedLink() {
  const link = await portalLink(owner.apiKey)
  const other = await portalPage(browser())
  await openPortal(other.page, link.url)
  await other.context.close()
  return link
}

/**
 * Pastes `url` into the tab's address bar and goes there, as a person does (a URL that differs
 * from the tab's only in its fragment is a navigation within the page, not a load).
 */
async function paste(page: Page, url: string) {
  await page.goto(url)
}

const refusedHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'This portal link cannot be used' })

/** The portal's endpoints page of `name`'s session, with the token gone from the address bar. */
async function expectSignedIn(page: Page, name: string) {
  await page.waitForURL((address) => address.pathname === '/portal', { timeout: 15_000 })
  await page.getByRole('heading', { level: 1, name: 'Endpoints' }).waitFor()
  await page.getByRole('banner').getByText(name, { exact: true }).waitFor()
  expect(new URL(page.url()).hash).toBe('')
}

/** Marks the tab's document: the mark is gone if the page was loaded again. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { samePortalDocument: true }))
}
const isSameDocument = (page: Page) => page.evaluate(() => 'samePortalDocument' in window)

describe('a portal link pasted into a tab that already shows the portal', () => {
  // Before: the fragment changed, nothing else: no exchange, the refusal stayed on screen and
  // the token stayed in the address bar until the page was reloaded.
  it('after "This portal link cannot be used", a fresh link opens the portal in the same tab', async () => {
    const visitor = await portalPage(browser())
    const { page } = visitor
    await paste(page, (await usedLink()).url)
    await refusedHeading(page).waitFor()
    expect(new URL(page.url()).hash).toBe('')
    await markDocument(page)
    const exchanges = countExchanges(page)

    await paste(page, (await portalLink(owner.apiKey)).url)
    await expectSignedIn(page, owner.name)
    expect(exchanges.count).toBe(1)
    // Read from the fragment, not by loading the page again.
    expect(await isSameDocument(page)).toBe(true)
    expect(visitor.errors).toEqual([])
    await visitor.context.close()
  })

  it('after "This address has no portal link in it", a link opens the portal in the same tab', async () => {
    const visitor = await portalPage(browser())
    const { page } = visitor
    await page.goto(`${baseUrl}/portal/enter`)
    await page
      .getByRole('heading', { level: 1, name: 'This address has no portal link in it' })
      .waitFor()
    await markDocument(page)
    const exchanges = countExchanges(page)

    await paste(page, (await portalLink(owner.apiKey)).url)
    await expectSignedIn(page, owner.name)
    expect(exchanges.count).toBe(1)
    expect(await isSameDocument(page)).toBe(true)
    expect(visitor.errors).toEqual([])
    await visitor.context.close()
  })

  it('a used link pasted again is refused once, and its token leaves the address bar', async () => {
    const visitor = await portalPage(browser())
    const { page } = visitor
    const used = await usedLink()
    await paste(page, used.url)
    await refusedHeading(page).waitFor()
    await markDocument(page)
    const exchanges = countExchanges(page)

    // The same link again, into the page that refused it: asked about once more, refused once.
    await paste(page, used.url)
    await page.waitForURL((address) => address.hash === '', { timeout: 15_000 })
    await refusedHeading(page).waitFor()
    await page.waitForLoadState('networkidle')
    expect(exchanges.count).toBe(1)
    expect(await refusedHeading(page).count()).toBe(1)
    // Focus is on the refusal, so a screen reader reads it out again.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('enter-heading')
    expect(await isSameDocument(page)).toBe(true)

    // A link that opened in this tab, pasted again (from the endpoints page: a load): refused.
    const fresh = await portalLink(owner.apiKey)
    await paste(page, fresh.url)
    await expectSignedIn(page, owner.name)
    await paste(page, fresh.url)
    await refusedHeading(page).waitFor()
    expect(new URL(page.url()).hash).toBe('')
    await page.waitForLoadState('networkidle')
    expect(exchanges.count).toBe(3)
    expect(visitor.errors).toEqual([])
    await visitor.context.close()
  })

  it("a link pasted on a signed-in portal page opens that link's portal", async () => {
    const other = await createConsumer(await adminToken(), 'Second pasting integrator')
    const visitor = await portalPage(browser())
    const { page } = visitor
    await openPortal(page, (await portalLink(owner.apiKey)).url)
    await page.goto(`${baseUrl}/portal/events`)
    await page.getByRole('heading', { level: 1, name: 'Event types' }).waitFor()
    const exchanges = countExchanges(page)

    await paste(page, (await portalLink(other.apiKey)).url)
    await expectSignedIn(page, other.name)
    expect(exchanges.count).toBe(1)
    expect(visitor.errors).toEqual([])
    await visitor.context.close()
  })
})
