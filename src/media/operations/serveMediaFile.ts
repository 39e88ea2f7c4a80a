import { Readable } from 'node:stream'

import { fileTypeStream } from 'file-type/node'
import type { PayloadRequest } from 'payload'

import { configOf } from '@/config/appConfig'
import { cacheControlFor, matchesEntityTag } from '../imageSizes'
import { findStoredFile } from '../storage/storedFile'
import {
  isStorageUnavailable,
  storageOutageMessage,
  storageRetrySeconds,
} from '../storage/storageOutage'

/**
 * Serves a stored image for `GET /api/media/file/{filename}` (Payload's upload handler), from
 * `MEDIA_DIRECTORY` or from the bucket alike: its true type, sniffed from its bytes rather than
 * trusted from its name or the bucket's metadata, `nosniff`, an `ETag` and `Last-Modified` (a
 * matching `If-None-Match` is a 304 without the body) and a cache lifetime. A file that is not
 * there (or a name that is a path) is a 404 in the API's error envelope. A request with a `Range`
 * header for a file that is there is left to the next handler: Payload's own for the directory,
 * the S3 adapter's for the bucket; both answer 206. A bucket that does not answer is a 503 with
 * `Retry-After`.
 */
export async function serveMediaFile(
  req: PayloadRequest,
  filename: string,
): Promise<Response | void> {
  try {
    return await serveStoredFile(req, filename)
  } catch (error) {
    if (!isStorageUnavailable(error)) throw error
    req.payload.logger.warn({ msg: 'The media storage is not answering', err: error })
    return Response.json(storageOutageMessage, {
      status: 503,
      headers: { 'Retry-After': String(storageRetrySeconds) },
    })
  }
}

/** The answer for a file, by whichever store holds it; throws when the store does not answer. */
async function serveStoredFile(req: PayloadRequest, filename: string): Promise<Response | void> {
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
