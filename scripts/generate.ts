/**
 * `npm run generate`: regenerates what Payload derives from the config and the project commits:
 * `src/payload-types.ts` and the admin panel's import map. (A `tsx` script rather than the
 * `payload` CLI, which sometimes exits 0 having done nothing on these machines.)
 */
import type { SanitizedConfig } from 'payload'

process.env.PAYLOAD_SECRET ||= 'code-generation'
// The config is imported before Payload's generators: with the generators imported first,
// module evaluation sometimes never finished (node exits 13: an unsettled top-level await).
const { default: config } = await import('@payload-config')
const { generateImportMap } = await import('payload')
const { generateTypes } = await import('payload/node')

const sanitized: SanitizedConfig = await config
await generateTypes(sanitized, { log: true })
await generateImportMap(sanitized, { log: true, force: true })
process.exit(0)
