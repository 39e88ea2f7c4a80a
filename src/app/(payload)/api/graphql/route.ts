/* THIS FILE WAS GENERATED AUTOMATICALLY BY PAYLOAD. */
/* DO NOT MODIFY IT BECAUSE IT COULD BE REWRITTEN AT ANY TIME. */
import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

import { refusingCrossOriginCookies } from '@/http/sameOriginCookies'

// Changed by hand: GraphQL is answered outside Payload's endpoints, so the refusal of a cookie
// from another origin that every REST route has (src/http/sameOriginCookies.ts) is applied here.
export const POST = refusingCrossOriginCookies(config, GRAPHQL_POST(config))

export const OPTIONS = REST_OPTIONS(config)
