/**
 * One sweep of stale orders in a process of its own, for the test of several sweeper
 * instances: starts Payload on the environment the test hands it (the test file's database, and
 * its fake Stripe's settings), prints `SWEEPER READY`, sweeps once a line arrives on stdin, prints
 * `SWEEP RESULT <json>` and exits.
 */
import { once } from 'node:events'

import { startupWatchdog, whileLoading } from '../../scripts/lib/startupWatchdog'

// tsx answers imports from another thread: held open, this one cannot exit 13 while it waits
// (the test abandons a start that hangs and tries again).
const started = startupWatchdog('The sweeper test process')
// Payload and the app's modules load in one step with the config (imported statically before
// it, they made the config's import stall in about one start in two: scripts/worker.ts).
const [{ default: config }, { getPayload }, { closePayload }, { expireStaleOrders }] =
  await whileLoading(
    'The sweeper test process',
    Promise.all([
      import('@payload-config'),
      import('payload'),
      import('../../src/db/closePayload'),
      import('../../src/shop/operations/expireStaleOrders'),
    ]),
  )
const payload = await getPayload({ config })
started()
process.stdout.write('SWEEPER READY\n')
await once(process.stdin, 'data')
const result = await expireStaleOrders(payload)
process.stdout.write(`\nSWEEP RESULT ${JSON.stringify(result)}\n`)
await closePayload(payload)
process.exit(0)
