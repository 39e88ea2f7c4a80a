import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'

const baseUrl = inject('baseUrl')
const appUrl = new URL(baseUrl)
/** Hosts (with their ports) of the apps under test: every other host is a third party. */
const appHosts = new Set([appUrl.host])

/** Every URL the browsers of this test file requested, oldest first. */
export const requestedUrls: string[] = []

/** Requests of the current test to any host but the app's (reset after each test). */
const thirdPartyRequests: string[] = []

function isThirdParty(url: string) {
  const { protocol, host } = new URL(url)
  return ['http:', 'https:', 'ws:', 'wss:'].includes(protocol) && !appHosts.has(host)
}

function recordRequests(context: BrowserContext) {
  context.on('request', (request) => {
    const url = request.url()
    requestedUrls.push(url)
    if (isThirdParty(url)) thirdPartyRequests.push(`${request.method()} ${url}`)
  })
  return context
}

// The app must work offline: any page of a browser test that asks another host fails the test.
afterEach(() => {
  const requests = thirdPartyRequests.splice(0)
  expect(requests, `requests to hosts other than the app's (${[...appHosts]})`).toEqual([])
})

/**
 * Debian's chromium driven by playwright-core (which gives it a fresh temporary profile). The
 * flags keep it off the network it cannot reach here (background updates, sync, and every host
 * but the app's: a CDN fails as it would offline) and let it run as root in a container. Every
 * context it opens (`newPage` opens one) records its requests. `alsoApps`: other apps of the
 * test on this machine (`http://name:port`): a name that is not an address resolves to
 * 127.0.0.1, and their requests are the app's, not a third party's.
 */
export async function launchBrowser({ alsoApps = [] }: { alsoApps?: string[] } = {}) {
  const names = alsoApps.map((app) => new URL(app))
  for (const { host } of names) appHosts.add(host)
  const isName = (hostname: string) => hostname !== 'localhost' && !/^[\d.]+$/.test(hostname)
  const hostnames = [appUrl.hostname, ...names.map(({ hostname }) => hostname)]
  const rules = [
    ...hostnames.filter(isName).map((hostname) => `MAP ${hostname} 127.0.0.1`),
    'MAP * ~NOTFOUND',
    ...hostnames.filter((hostname) => !isName(hostname)).map((hostname) => `EXCLUDE ${hostname}`),
  ]
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=${rules.join(', ')}`,
    ],
  })
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => recordRequests(await newContext(options))
  return browser
}

/**
 * The test file's browser (`launchBrowser()`): launched before the file's tests and closed after
 * them. Call it once at the top of the file: it registers both hooks. What it returns gives the
 * browser, once launched.
 */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('browserForFile: the browser is launched in beforeAll')
    return browser
  }
}

/** A new page of `browser`, logged in to the admin panel as `email` through its login form. */
export async function adminPanelAs(
  browser: Browser,
  email: string,
  password: string,
): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(`${baseUrl}/admin/login`)
  await page.fill('#field-email', email)
  await page.fill('#field-password', password)
  await page.click('button[type="submit"]')
  await page.waitForURL((url) => url.pathname === '/admin')
  return page
}

/**
 * Opens the admin list at `path` (`/admin/collections/<slug>`, with a query or not) on `page`
 * and waits until it takes clicks as a person's would be taken. Once hydrated, Payload's list
 * writes its whole query into the URL (`history.replaceState`, which adds `depth`), and in
 * Chromium that cancels a navigation begun before it: a link clicked as soon as the list shows
 * went nowhere. With the browser's CPU slowed eight times, "Show archived orders" clicked that
 * early was lost in every one of six runs (the URL never changed, for 30 s); on CI it was lost
 * once, in a slow phase of the machine. A person seldom clicks within the few hundred
 * milliseconds between the list's first paint and that write (Payload's, not this app's to
 * change); a test does, unless it waits as this does.
 */
export async function openAdminList(page: Page, path: string) {
  // With `depth` already in it, the URL could not say when the list has written its query.
  if (new URL(path, baseUrl).searchParams.has('depth')) {
    throw new Error(`openAdminList: ${path} already has a depth; leave it out`)
  }
  await page.goto(`${baseUrl}${path}`)
  await page.waitForURL((url) => url.searchParams.has('depth'))
}

/**
 * Runs `work` with `page`'s CPU slowed `rate` times (Chromium's throttling, as its DevTools
 * offer for a slow phone), then at full speed again: what a slow device or a busy machine does
 * to a page's timing, made to happen in every run.
 */
export async function onSlowCpu<T>(page: Page, rate: number, work: () => Promise<T>) {
  const devTools = await page.context().newCDPSession(page)
  await devTools.send('Emulation.setCPUThrottlingRate', { rate })
  try {
    return await work()
  } finally {
    await devTools.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await devTools.detach()
  }
}
