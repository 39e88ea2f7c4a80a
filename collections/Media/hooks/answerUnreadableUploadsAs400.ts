import type { CollectionAfterErrorHook } from 'payload'

/** What the multipart parser (busboy) throws for a body that is not well-formed multipart. */
const malformedMultipart = [
  'Malformed part header',
  'Unexpected end of form',
  'Unexpected end of file',
  'Multipart: Boundary not found',
  'Malformed content type',
  'Missing Content-Type',
]

/**
 * An upload Payload cannot read is the client's fault, not the server's: a multipart body that
 * is not well-formed (a NUL in a part header, a missing boundary, a form that ends early) or a
 * `_payload` field that is not JSON. Payload lets both through as a 500; they are answered 400
 * in Payload's shape, `{ errors: [{ message }] }`, with the reason.
 */
export const answerUnreadableUploadsAs400: CollectionAfterErrorHook = ({ error }) => {
  if (error instanceof SyntaxError) {
    return {
      response: { errors: [{ message: 'The `_payload` field of the upload is not valid JSON' }] },
      status: 400,
    }
  }
  if (error?.constructor === Error && malformedMultipart.includes(error.message)) {
    return {
      response: { errors: [{ message: `The upload could not be read: ${error.message}` }] },
      status: 400,
    }
  }
}
