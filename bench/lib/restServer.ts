/**
 * A bench's app server without Next: Payload's REST route handlers (`/api/...`, the app's own
 * endpoints included) over `node:http`, as `tests/helpers/restOverHttp.ts` serves them to the
 * tests, on `PORT`, after pushing the schema and seeding the demo data. Prints `listening <url>`.
 * For benches on a checkout where `next build` cannot run (Turbopack refuses a `node_modules`
 * symlinked from outside the project); figures leave out Next's routing.
 */
import config from '@payload-config'
import { getPayload } from 'payload'

import { seed } from '../../seed'
import { serveRestOverHttp } from '../../tests/helpers/restOverHttp'

const payload = await getPayload({ config })
await seed(payload)
const server = await serveRestOverHttp({ port: Number(process.env.PORT) })
console.log(`listening ${server.baseUrl}`)
