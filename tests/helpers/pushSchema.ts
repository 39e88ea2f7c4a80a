/** Creates the schema of a fresh test database by schema push; run as a child process. */

import { startupWatchdog, whileLoading } from '../../scripts/lib/startupWatchdog'

const started = startupWatchdog('The schema push of the tests')

// Payload and the app's modules load in one step with the config (imported statically before
// it, they made the config's import stall in about one start in two: scripts/worker.ts).
const [{ default: config }, { getPayload }, { closePayload }] = await whileLoading(
  'The schema push of the tests',
  Promise.all([
    import('../../payload.config'),
    import('payload'),
    import('../../src/db/closePayload'),
  ]),
)
const payload = await getPayload({ config })
await closePayload(payload)
started()
process.exit(0)
