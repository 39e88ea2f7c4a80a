/**
 * Serves one checkout's production build as `npm start` does, for `bench/compareBuilds.ts`:
 * `tsx bench/lib/serveCheckout.ts <checkout>` loads that checkout's own `startApp` (so its own
 * code, build and migrations), prints `SERVING <base URL>` once it answers, and stops the app on
 * SIGTERM; it prints `DATABASE <url>` first. Limits are raised as in every bench.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const checkout = path.resolve(process.argv[2] ?? '.')
const { startApp } = (await import(
  pathToFileURL(path.join(checkout, 'tests/helpers/startApp.ts')).href
)) as typeof import('../../tests/helpers/startApp')
const app = await startApp({
  env: {
    RATE_LIMIT_DEFAULT: '100000000/60',
    RATE_LIMIT_EDITORS: '100000000/60',
    RATE_LIMIT_CREDENTIALS: '100000000/60',
  },
})
console.log(`DATABASE ${app.databaseUrl}`)
console.log(`SERVING ${app.baseUrl}`)
process.once('SIGTERM', () => {
  void app.stop().then(() => process.exit(0))
})
setInterval(() => {}, 1 << 30)
