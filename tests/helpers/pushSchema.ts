/** Creates the schema of a fresh test database by schema push; run as a child process. */
import { getPayload } from 'payload'

import { closePayload } from '../../src/db/closePayload'
import { startupWatchdog, whileLoading } from '../../scripts/lib/startupWatchdog'

const started = startupWatchdog('The schema push of the tests')

const { default: config } = await whileLoading(
  'The schema push of the tests',
  import('../../payload.config'),
)
const payload = await getPayload({ config })
await closePayload(payload)
started()
process.exit(0)
