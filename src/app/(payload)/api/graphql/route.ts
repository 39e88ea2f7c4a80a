/* THIS FILE WAS GENERATED AUTOMATICALLY BY PAYLOAD. */
/* DO NOT MODIFY IT BECAUSE IT COULD BE REWRITTEN AT ANY TIME. */
import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'

import { limitGraphQL } from '@/http/limitGraphQL'

// Changed by hand: GraphQL is answered outside Payload's endpoints, so the rate limits that
// every REST route has (src/http/limitPayloadRoutes.ts) are applied here.
export const POST = limitGraphQL(config, GRAPHQL_POST(config))

export const OPTIONS = REST_OPTIONS(config)
