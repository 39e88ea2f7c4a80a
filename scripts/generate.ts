/**
 * `npm run generate`: regenerates what Payload derives from the config and the project commits:
 * `src/payload-types.ts` and the admin panel's import map. (A `tsx` script rather than the
 * `payload` CLI, which sometimes exits 0 having done nothing on these machines.)
 */
import { generateImportMap } from 'payload'
import { generateTypes } from 'payload/node'

process.env.PAYLOAD_SECRET ||= 'code-generation'
const { default: config } = await import('@payload-config')
const sanitized = await config
await generateTypes(sanitized, { log: true })
await generateImportMap(sanitized, { log: true, force: true })
process.exit(0)
