/* THIS FILE WAS GENERATED AUTOMATICALLY BY PAYLOAD. */
/* DO NOT MODIFY IT BECAUSE IT COULD BE REWRITTEN AT ANY TIME. */
import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

import { limitGraphQL } from '@/http/limitGraphQL'
import { refusingCrossOriginCookies } from '@/http/sameOriginCookies'

// Changed by hand: GraphQL is answered outside Payload's endpoints, so what every REST route has
// is applied here: the refusal of a cookie from another origin (src/http/sameOriginCookies.ts),
// first, then the rate limits (src/http/limitPayloadRoutes.ts).
export const POST = refusingCrossOriginCookies(config, limitGraphQL(config, GRAPHQL_POST(config)))

export const OPTIONS = REST_OPTIONS(config)
