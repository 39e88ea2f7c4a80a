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

/** Request header of the localized reads: the locale wanted when `?locale` is left out. */
export const acceptLanguageHeader = z.object({
  'Accept-Language': z
    .string()
    .optional()
    .describe(
      'Preferred locales with q-values (`ru-RU,ru;q=0.9,en;q=0.5`); `?locale` wins. The first configured one is answered (a region matches its language); none, the default locale',
    ),
})

/** Response headers of the answers in a locale. */
export const localeResponseHeaders = z.object({
  'Content-Language': z.string().describe('The locale the answer is in'),
  Vary: z
    .string()
    .regex(/(^|,\s*)Accept-Language(\s*,|$)/)
    .describe('Names `Accept-Language` (the server may add its own, such as `Accept-Encoding`)'),
})

/**
 * The request header and answers of a conditional GET answered by `jsonWithEntityTag`: `ok`
 * with its `ETag` as 200, or 304 without a body when `If-None-Match` names that tag.
 * `mayBeDraft`: the answer may be a draft, sent with `Cache-Control: private, no-store`.
 * `isLocalized`: the answer is in the locale asked for (`Accept-Language`, `Content-Language`;
 * the `ETag` differs per locale).
 */
export function conditionalGet(
  ok: ResponseDocs,
  options: { mayBeDraft?: boolean; isLocalized?: boolean } = {},
) {
  const tagHeaders = options.mayBeDraft ? draftEntityTagHeaders : entityTagHeaders
  const headers = options.isLocalized ? tagHeaders.extend(localeResponseHeaders.shape) : tagHeaders
  return {
    headers: options.isLocalized
      ? conditionalRequestHeaders.extend(acceptLanguageHeader.shape)
      : conditionalRequestHeaders,
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
