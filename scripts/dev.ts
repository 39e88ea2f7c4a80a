/**
 * `npm run dev`: the app on http://localhost:3000 with demo data, on the configured
 * PostgreSQL or, when `DATABASE_URL` is unset, on an embedded one kept in `.data/`.
 */
import { loadEnvironment, provideDatabase, provideSecret } from './lib/environment'
import { runScript, startNext, superviseUntilExit } from './lib/processes'
import { providePaymentSandbox } from './lib/paymentSandbox'
import { checkConfiguration } from './lib/checkConfiguration'
import { allowLoopbackWebhooksInDevelopment } from './lib/developmentWebhooks'
import { readyDevelopmentSchema } from './lib/developmentSchema'

loadEnvironment(true)
// A webhook receiver on localhost works out of the box in development (docs/webhooks.md).
allowLoopbackWebhooksInDevelopment()
const config = checkConfiguration()
const cluster = await provideDatabase('app_dev')
try {
  await provideSecret()
  await providePaymentSandbox()
  if (config.database.push) await readyDevelopmentSchema(process.env.DATABASE_URL!)
  // Pushes the schema (development mode) and seeds an empty database.
  await runScript('scripts/seed.ts', ['--if-empty'])
} catch (error) {
  await cluster?.stop()
  throw error
}
superviseUntilExit(startNext('dev', config), async () => cluster?.stop())
