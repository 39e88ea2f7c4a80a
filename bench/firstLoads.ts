/**
 * `npm run bench:first-loads [-- --runs=5 --only=portal]`: what a person waits for on a first visit, on the
 * production build (`npm start` on a throwaway database, seeded), each run in a new Chromium
 * with a fresh profile (nothing cached, no service worker, a cold browser process):
 * 1. the admin panel's login form: `/admin` to the e-mail field;
 * 2. the orders list, signed in (the session cookie set through the API, so that the login
 *    page's files are not cached): `/admin/collections/orders` to its first row;
 * 3. live preview: an article's page to its form, then the preview's first paint of the
 *    article (its title in the frame) after "Live preview" is clicked;
 * 4. the integrator portal's first screen: a portal link (asked for with the seeded consumer's
 *    API key, as an integrator's own back end does) to the endpoint list's heading, then a click
 *    on "Add endpoint" to the new endpoint's form.
 * Prints each run, the median, and what each page loaded (scripts: count, bytes as sent and
 * decoded; all requests). Debian's chromium (`/usr/bin/chromium`, or `CHROMIUM_PATH`).
 */
import { chromium, type Browser, type Page } from 'playwright-core'

import { seedCredentials } from '../seed/identities'
import { startApp } from '../tests/helpers/startApp'

const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 5)
/** `--only=portal`: the scenarios whose name holds this. */
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7)

/** What one page loaded, from the browser's resource timing. */
type Loaded = {
  scripts: number
  scriptKbSent: number
  scriptKbDecoded: number
  requests: number
  /** When the server's first byte of the page came, from the navigation's start (ms). */
  firstByteMs: number
  /** When the page's scripts had run (DOMContentLoaded's end), from the navigation's start. */
  scriptsRanMs: number
}

type Run = { ms: number; loaded: Loaded; extra?: Record<string, number> }

const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })

/**
 * The page's resource timing, as a string evaluated in the page: tsx names the functions it
 * compiles (`__name`), which the page does not have.
 */
const resourceFigures = `(() => {
  const entries = performance.getEntriesByType('resource')
  const scripts = entries.filter((entry) => entry.initiatorType === 'script')
  let sent = 0
  let decoded = 0
  for (const entry of scripts) {
    sent += entry.transferSize
    decoded += entry.decodedBodySize
  }
  const navigation = performance.getEntriesByType('navigation')[0]
  return {
    firstByteMs: Math.round(navigation.responseStart),
    scriptsRanMs: Math.round(navigation.domContentLoadedEventEnd),
    scripts: scripts.length,
    scriptKbSent: Math.round(sent / 1024),
    scriptKbDecoded: Math.round(decoded / 1024),
    requests: entries.length + 1,
  }
})()`

const loadedBy = (page: Page): Promise<Loaded> => page.evaluate<Loaded>(resourceFigures)

const app = await startApp({
  env: { RATE_LIMIT_DEFAULT: '100000000/60', RATE_LIMIT_CREDENTIALS: '100000/60' },
})
const { adminEmail, adminPassword, consumerApiKey } = seedCredentials()

/** A new browser whose context is signed in as the seeded admin (through the API only). */
async function signedIn(browser: Browser) {
  const context = await browser.newContext()
  const login = await context.request.post(`${app.baseUrl}/api/users/login`, {
    data: { email: adminEmail, password: adminPassword },
  })
  if (!login.ok()) throw new Error(`login: ${login.status()}`)
  return context
}

const scenarios: { name: string; run: (browser: Browser) => Promise<Run> }[] = [
  {
    name: 'admin login form (/admin)',
    async run(browser) {
      const page = await browser.newPage()
      const started = Date.now()
      await page.goto(`${app.baseUrl}/admin`)
      await page.locator('#field-email').waitFor()
      return { ms: Date.now() - started, loaded: await loadedBy(page) }
    },
  },
  {
    name: 'orders list, signed in',
    async run(browser) {
      const page = await (await signedIn(browser)).newPage()
      const started = Date.now()
      await page.goto(`${app.baseUrl}/admin/collections/orders`)
      await page.locator('.table tbody tr').first().waitFor()
      return { ms: Date.now() - started, loaded: await loadedBy(page) }
    },
  },
  {
    name: 'live preview: article form, then its first paint',
    async run(browser) {
      const context = await signedIn(browser)
      const articles = await context.request.get(
        `${app.baseUrl}/api/articles?limit=1&depth=0&where[_status][equals]=published`,
      )
      const { docs } = (await articles.json()) as { docs: { id: number }[] }
      const page = await context.newPage()
      const started = Date.now()
      await page.goto(`${app.baseUrl}/admin/collections/articles/${docs[0]!.id}`)
      await page.locator('#field-title').waitFor()
      const formShown = Date.now()
      await page.locator('#live-preview-toggler').click()
      // The frame's article, drawn (Payload keeps the frame hidden while it sizes it).
      const title = page
        .frameLocator('iframe[src*="/preview/articles/"]')
        .locator('h1[data-field="title"]')
      await title.waitFor({ state: 'attached' })
      const painted = Date.now()
      return {
        ms: painted - started,
        loaded: await loadedBy(page),
        extra: { 'form ms': formShown - started, 'preview ms': painted - formShown },
      }
    },
  },
  {
    name: 'portal: the link to its endpoint list',
    async run(browser) {
      const link = await fetch(`${app.baseUrl}/webhooks/portal-sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': consumerApiKey },
        body: '{}',
      })
      if (link.status !== 201) throw new Error(`portal link: ${link.status}`)
      const { url } = (await link.json()) as { url: string }
      const page = await browser.newPage()
      const started = Date.now()
      await page.goto(url)
      await page.getByRole('heading', { level: 1, name: 'Endpoints' }).waitFor()
      const listed = Date.now()
      const loaded = await loadedBy(page)
      // The issue's "Add endpoint: 9 s with no feedback" (development server): the click to the
      // form's heading.
      await page.getByRole('link', { name: 'Add endpoint' }).click()
      await page.getByRole('heading', { level: 1, name: 'New endpoint' }).waitFor()
      return {
        ms: listed - started,
        loaded,
        extra: { 'then Add endpoint ms': Date.now() - listed },
      }
    },
  },
]

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

try {
  console.log(`First loads on the production build, ${runs} runs each, a new browser each run`)
  for (const scenario of scenarios.filter((each) => !only || each.name.includes(only))) {
    const results: Run[] = []
    for (let index = 0; index < runs; index += 1) {
      const browser = await launch()
      try {
        results.push(await scenario.run(browser))
      } finally {
        await browser.close()
      }
    }
    const last = results.at(-1)!
    const extras = Object.keys(last.extra ?? {})
      .map((key) => `${key} ${median(results.map((result) => result.extra?.[key] ?? 0))}`)
      .join(', ')
    console.log(
      `\n${scenario.name}: median ${median(results.map((result) => result.ms))} ms` +
        ` (runs: ${results.map((result) => result.ms).join(', ')} ms)${extras ? `; ${extras}` : ''}`,
    )
    const firstByte = median(results.map((result) => result.loaded.firstByteMs))
    const scriptsRan = median(results.map((result) => result.loaded.scriptsRanMs))
    console.log(
      `  the page's first byte at ${firstByte} ms, its scripts run by ${scriptsRan} ms (medians); ` +
        `loaded: ${last.loaded.scripts} scripts, ${last.loaded.scriptKbSent} KB sent, ` +
        `${last.loaded.scriptKbDecoded} KB decoded; ${last.loaded.requests} requests`,
    )
  }
} finally {
  await app.stop()
}
