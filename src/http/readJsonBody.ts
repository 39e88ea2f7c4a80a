import type { PayloadRequest } from 'payload'

import { parseJsonBody } from './requestBody'

/**
 * The request body parsed as JSON (`undefined` when empty). Malformed JSON, nesting deeper than
 * the API allows and NUL characters are 400s; the size limit was applied when `defineEndpoint`
 * read the body.
 */
export async function readJsonBody(req: PayloadRequest): Promise<unknown> {
  return parseJsonBody(req.text ? await req.text() : '')
}
