import { chromium, type BrowserContext } from 'playwright-core'
import { afterEach, expect, inject } from 'vitest'

const appUrl = new URL(inject('baseUrl'))
const appHost = appUrl.host

/** Every URL the browsers of this test file requested, oldest first. */
export const requestedUrls: string[] = []

/** Requests of the current test to any host but the app's (reset after each test). */
const thirdPartyRequests: string[] = []

function isThirdParty(url: string) {
  const { protocol, host } = new URL(url)
  return ['http:', 'https:', 'ws:', 'wss:'].includes(protocol) && host !== appHost
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
  expect(requests, `requests to hosts other than the app's (${appHost})`).toEqual([])
})

/**
 * Debian's chromium driven by playwright-core (which gives it a fresh temporary profile). The
 * flags keep it off the network it cannot reach here (background updates, sync, and every host
 * but the app's: a CDN fails as it would offline) and let it run as root in a container. Every context it opens (`newPage` opens one) records its requests.
 */
export async function launchBrowser() {
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
      `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${appUrl.hostname}`,
    ],
  })
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => recordRequests(await newContext(options))
  return browser
}
