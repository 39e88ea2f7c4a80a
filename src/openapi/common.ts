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

/** The headers of a conditional GET whose drafts are not to be stored anywhere. */
const draftEntityTagHeaders = entityTagHeaders.extend({
  'Cache-Control': z
    .enum(['private, no-cache', 'private, no-store'])
    .describe('`private, no-store` for a draft'),
})

/**
 * The request header and answers of a conditional GET answered by `jsonWithEntityTag`: `ok`
 * with its `ETag` as 200, or 304 without a body when `If-None-Match` names that tag.
 * `mayBeDraft`: the answer may be a draft, sent with `Cache-Control: private, no-store`.
 */
export function conditionalGet(ok: ResponseDocs, options: { mayBeDraft?: boolean } = {}) {
  const headers = options.mayBeDraft ? draftEntityTagHeaders : entityTagHeaders
  return {
    headers: conditionalRequestHeaders,
    responses: {
      200: { ...ok, headers },
      304: {
        description:
          'Not modified: the caller already holds this representation (`If-None-Match`).',
        headers,
      },
    },
  }
}

/** `{ success: true }` of the utility endpoints. */
export const successResult = z.object({ success: z.literal(true) }).meta({ id: 'Success' })
