import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'

import { fileTypeFromFile } from 'file-type'
import type { PayloadRequest } from 'payload'

import { configOf } from '@/config/appConfig'
import { cacheControlFor, fileEntityTag, matchesEntityTag } from '../imageSizes'

/**
 * Serves a stored image for `GET /api/media/file/{filename}` (Payload's upload handler): its true
 * type, sniffed from its bytes rather than trusted from its name, `nosniff`, an `ETag` (a
 * matching `If-None-Match` is a 304 without the body) and a cache lifetime. A file that is not
 * there (or a name leading out of the directory) is a 404: Payload's own handler answered a
 * missing file with a 500. A request with a `Range` header for a file that is there is left to
 * Payload's own handler.
 */
export async function serveMediaFile(
  req: PayloadRequest,
  filename: string,
): Promise<Response | void> {
  const directory = configOf(req.payload).content.mediaDirectory
  const file = path.resolve(directory, filename)
  const stats = file.startsWith(directory + path.sep)
    ? await stat(file).catch(() => undefined)
    : undefined
  if (!stats?.isFile()) {
    return Response.json({ errors: [{ message: 'Not Found' }] }, { status: 404 })
  }
  if (req.headers.get('range')) return
  const tag = fileEntityTag(stats.size, stats.mtimeMs)
  const headers = new Headers({
    ETag: tag,
    'Cache-Control': cacheControlFor(filename),
    'X-Content-Type-Options': 'nosniff',
    'Last-Modified': stats.mtime.toUTCString(),
  })
  if (matchesEntityTag(req.headers.get('if-none-match'), tag)) {
    return new Response(null, { status: 304, headers })
  }
  const type = await fileTypeFromFile(file)
  headers.set('Content-Type', type?.mime ?? 'application/octet-stream')
  headers.set('Content-Length', String(stats.size))
  const body =
    req.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream)
  return new Response(body, { status: 200, headers })
}
