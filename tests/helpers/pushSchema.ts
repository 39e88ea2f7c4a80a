/** Creates the schema of a fresh test database by schema push; run as a child process. */
import { getPayload } from 'payload'

import { closePayload } from '../../src/db/closePayload'
import { holdOpen } from '../../scripts/lib/holdOpen'

const release = holdOpen()

const { default: config } = await import('../../payload.config')
const payload = await getPayload({ config })
await closePayload(payload)
release()
process.exit(0)
