/** Creates the schema of a fresh test database by schema push; run as a child process. */
import { getPayload } from 'payload'

const { default: config } = await import('../../payload.config')
const payload = await getPayload({ config })
await payload.destroy()
process.exit(0)
