/**
 * `npm start` (after `npm run build`): applies the committed migrations, then serves the
 * production build. On the embedded database (no `DATABASE_URL`), or with
 * `SEED_ON_START=true`, an empty database also gets the demo data. Instances started together
 * on one database migrate and seed one at a time, under an advisory lock (`setUpOnce`).
 */
import { loadEnvironment, provideDatabase, provideSecret } from './lib/environment'
import { runScript, startNext, superviseUntilExit } from './lib/processes'
import { providePaymentSandbox } from './lib/paymentSandbox'
import { checkConfiguration } from './lib/checkConfiguration'
import { variableValues } from '../src/composition/loadConfig'
import { setUpOnce } from './lib/setUpOnce'

Object.assign(process.env, { NODE_ENV: 'production' })
loadEnvironment(false)
const config = checkConfiguration()
const cluster = await provideDatabase('app')
try {
  await provideSecret()
  await providePaymentSandbox()
  await setUpOnce(
    process.env.DATABASE_URL!,
    (message) => console.log(`[start] ${message}`),
    async () => {
      await runScript('scripts/migrate.ts')
      if (process.env.USING_EMBEDDED_POSTGRES || variableValues(process.env).SEED_ON_START) {
        await runScript('scripts/seed.ts', ['--if-empty'])
      }
    },
  )
} catch (error) {
  await cluster?.stop()
  throw error
}
superviseUntilExit(startNext('start', config), async () => cluster?.stop())
