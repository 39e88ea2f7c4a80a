import { monacoFile, monacoVersion } from '@/components/monaco/monacoFiles'

/**
 * `/monaco-editor/<version>/vs/<file>`: the admin panel's code editor (Monaco's AMD build, from
 * the installed `monaco-editor` package) served by this app instead of a CDN. Only the installed
 * version answers, and its files never change, so they may be cached for a year.
 */
export async function GET(
  _request: Request,
  context: { params: Promise<{ version: string; path: string[] }> },
) {
  const params = await context.params
  const file = params.version === monacoVersion() ? await monacoFile(params.path) : undefined
  if (!file) return new Response('Not found\n', { status: 404 })
  return new Response(new Uint8Array(file.body), {
    headers: {
      'content-type': file.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  })
}
