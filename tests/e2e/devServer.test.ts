import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort } from '../../scripts/lib/embeddedPostgres'
import { startApp, type StartedApp } from '../helpers/startApp'
import { launchBrowser } from './browser'

/** The public name the development server is given (`SERVER_URL`); the browser maps it to 127.0.0.1. */
const publicName = 'dev-admin.test'
let app: StartedApp
let browser: Browser
let port: string

beforeAll(async () => {
  // `npm run dev` as a newcomer runs it, on a port of its own and a public name of its own.
  port = String(await freePort())
  app = await startApp({
    command: 'dev',
    env: { PORT: port, SERVER_URL: `http://${publicName}:${port}` },
  })
  browser = await launchBrowser({
    alsoApps: [
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}`,
      `http://${publicName}:${port}`,
    ],
  })
}, 420_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

describe('the development admin panel', () => {
  // Before: at 127.0.0.1 (and at SERVER_URL's host) the page stayed blank: next dev refused its
  // scripts and its hot-reload socket to an origin it did not know.
  it.each(['localhost', '127.0.0.1', publicName])(
    'renders at http://%s with hot reload connected',
    async (host) => {
      const page = await browser.newPage()
      const hotReload = new Promise<string>((resolve) =>
        page.on('websocket', (socket) => {
          if (!socket.url().includes('/_next/')) return
          socket.on('framereceived', () => resolve('frames'))
          socket.on('socketerror', (error) => resolve(`error: ${error}`))
        }),
      )
      await page.goto(`http://${host}:${port}/admin/login`, { timeout: 300_000 })
      const email = page.getByLabel('Email')
      await email.waitFor({ timeout: 60_000 })
      // The form is React's, not inert HTML: the page's scripts ran.
      const isHydrated = await email.evaluate((input) =>
        Object.keys(input).some((key) => key.startsWith('__react')),
      )
      expect(isHydrated).toBe(true)
      // The hot-reload socket opens and the dev server talks on it.
      expect(await hotReload).toBe('frames')
      await page.close()
    },
    360_000,
  )
})
