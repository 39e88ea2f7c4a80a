import { z } from 'zod'

import type { ResponseDocs } from './operation'

/** Request header of the conditional GETs (`jsonWithEntityTag`). */
const conditionalRequestHeaders = z.object({
  'If-None-Match': z
    .string()
    .optional()
    .describe('An `ETag` received before: 304 without a body while the answer is unchanged'),
})

/** Response headers of the conditional GETs. */
const entityTagHeaders = z.object({
  ETag: z.string().describe('Strong entity tag of this representation'),
  'Cache-Control': z.literal('private, no-cache'),
})

/**
 * The request header and answers of a conditional GET answered by `jsonWithEntityTag`: `ok`
 * with its `ETag` as 200, or 304 without a body when `If-None-Match` names that tag.
 */
export function conditionalGet(ok: ResponseDocs) {
  return {
    headers: conditionalRequestHeaders,
    responses: {
      200: { ...ok, headers: entityTagHeaders },
      304: {
        description:
          'Not modified: the caller already holds this representation (`If-None-Match`).',
        headers: entityTagHeaders,
      },
    },
  }
}

/** `{ success: true }` of the utility endpoints. */
export const successResult = z.object({ success: z.literal(true) }).meta({ id: 'Success' })
