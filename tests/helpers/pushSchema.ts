/** Creates the schema of a fresh test database by schema push; run as a child process. */
import { getPayload } from 'payload'

import { closePayload } from '../../scripts/lib/closePayload'

const { default: config } = await import('../../payload.config')
const payload = await getPayload({ config })
await closePayload(payload)
process.exit(0)
