/**
 * `npm run openapi -- [file]`: writes the OpenAPI document the app serves at `/api/openapi.json`
 * (default `.data/openapi.json`), for the linter (`npm run openapi:lint`) and for client
 * generators.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { SanitizedConfig } from 'payload'

process.env.PAYLOAD_SECRET ||= 'openapi-document'
// The config first (see scripts/generate.ts).
const { default: config } = await import('@payload-config')
const { openApiDocument } = await import('../src/openapi/appDocument')

const sanitized: SanitizedConfig = await config
const file = path.resolve(process.argv[2] ?? '.data/openapi.json')
const document = openApiDocument(sanitized, process.env.SERVER_URL || 'http://localhost:3000')
await mkdir(path.dirname(file), { recursive: true })
await writeFile(file, `${JSON.stringify(document, null, 2)}\n`)
console.log(`Wrote ${path.relative(process.cwd(), file)}`)
process.exit(0)
