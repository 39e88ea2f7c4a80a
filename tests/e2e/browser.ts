import { chromium } from 'playwright-core'

/**
 * Debian's chromium driven by playwright-core (which gives it a fresh temporary profile). The
 * flags keep it off the network it cannot reach here (background updates, sync) and let it run
 * as root in a container.
 */
export function launchBrowser() {
  return chromium.launch({
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
    ],
  })
}
