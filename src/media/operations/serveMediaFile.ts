import { Readable } from 'node:stream'

import { fileTypeStream } from 'file-type/node'
import type { PayloadRequest } from 'payload'

import { configOf } from '@/config/appConfig'
import { cacheControlFor, matchesEntityTag } from '../imageSizes'
import { findStoredFile } from '../storage/storedFile'

/**
 * Serves a stored image for `GET /api/media/file/{filename}` (Payload's upload handler), from
 * `MEDIA_DIRECTORY` or from the bucket alike: its true type, sniffed from its bytes rather than
 * trusted from its name or the bucket's metadata, `nosniff`, an `ETag` and `Last-Modified` (a
 * matching `If-None-Match` is a 304 without the body) and a cache lifetime. A file that is not
 * there (or a name that is a path) is a 404 in the API's error envelope. A request with a `Range`
 * header for a file that is there is left to the next handler: Payload's own for the directory,
 * the S3 adapter's for the bucket; both answer 206.
 */
export async function serveMediaFile(
  req: PayloadRequest,
  filename: string,
): Promise<Response | void> {
  const file = await findStoredFile(configOf(req.payload).content, filename)
  if (!file) {
    return Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 })
  }
  if (req.headers.get('range')) return
  const headers = new Headers({
    ETag: file.entityTag,
    'Cache-Control': cacheControlFor(filename),
    'X-Content-Type-Options': 'nosniff',
    'Last-Modified': file.modified.toUTCString(),
  })
  if (matchesEntityTag(req.headers.get('if-none-match'), file.entityTag)) {
    return new Response(null, { status: 304, headers })
  }
  headers.set('Content-Length', String(file.size))
  const body = await fileTypeStream(await file.read())
  headers.set('Content-Type', body.fileType?.mime ?? 'application/octet-stream')
  return new Response(Readable.toWeb(body) as ReadableStream, { status: 200, headers })
}
