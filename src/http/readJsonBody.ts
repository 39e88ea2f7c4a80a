import type { PayloadRequest } from 'payload'

import { HttpError } from './errors'

/** The request body parsed as JSON (`undefined` when empty); malformed JSON is a 400. */
export async function readJsonBody(req: PayloadRequest): Promise<unknown> {
  const text = req.text ? await req.text() : ''
  if (!text.trim()) return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError({ code: 'bad_request', message: 'The request body is not valid JSON' })
  }
}
