import { Readable } from 'node:stream'

import { fileTypeFromStream, fileTypeStream } from 'file-type/node'
import type { PayloadRequest } from 'payload'

import { configOf } from '@/config/appConfig'
import { cacheControlFor, matchesEntityTag } from '../imageSizes'
import { findStoredFile, type StoredFile } from '../storage/storedFile'
import { requestedRange } from './byteRange'
import {
  isStorageUnavailable,
  storageOutageMessage,
  storageRetrySeconds,
} from '../storage/storageOutage'

/**
 * Serves a stored image for `GET /api/media/file/{filename}` (Payload's upload handler), from
 * `MEDIA_DIRECTORY` or from the bucket alike: its true type, sniffed from its bytes rather than
 * trusted from its name or the bucket's metadata, `nosniff`, an `ETag` and `Last-Modified` (a
 * matching `If-None-Match` is a 304 without the body) and a cache lifetime. One byte range
 * (`Range`, honoured while `If-Range` names the file) is a 206 with the same headers, a range
 * past the end a 416. A file that is not there (or a name that is a path) is a 404 in the API's
 * error envelope. A bucket that does not answer is a 503 with `Retry-After`.
 */
export async function serveMediaFile(req: PayloadRequest, filename: string): Promise<Response> {
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
async function serveStoredFile(req: PayloadRequest, filename: string): Promise<Response> {
  const file = await findStoredFile(configOf(req.payload).content, filename)
  if (!file) {
    return Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 })
  }
  const headers = new Headers({
    ETag: file.entityTag,
    'Cache-Control': cacheControlFor(filename),
    'X-Content-Type-Options': 'nosniff',
    'Last-Modified': file.modified.toUTCString(),
    'Accept-Ranges': 'bytes',
  })
  if (matchesEntityTag(req.headers.get('if-none-match'), file.entityTag)) {
    return new Response(null, { status: 304, headers })
  }
  const range = requestedRange(req.headers, file.size, file.entityTag)
  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${file.size}`)
    return new Response(null, { status: 416, headers })
  }
  if (range === 'whole') {
    headers.set('Content-Length', String(file.size))
    const body = await fileTypeStream(await file.read())
    headers.set('Content-Type', body.fileType?.mime ?? 'application/octet-stream')
    return new Response(Readable.toWeb(body) as ReadableStream, { status: 200, headers })
  }
  headers.set('Content-Type', await sniffedType(file))
  headers.set('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
  headers.set('Content-Length', String(range.end - range.start + 1))
  const body = await file.read(range)
  return new Response(Readable.toWeb(body) as ReadableStream, { status: 206, headers })
}

/** A file's type from its first bytes, for a range that may not include them. */
async function sniffedType(file: StoredFile): Promise<string> {
  const head = await file.read({ start: 0, end: Math.min(file.size, 4100) - 1 })
  return (await fileTypeFromStream(head))?.mime ?? 'application/octet-stream'
}
