import { docsAsset } from '@/docs/docsAssets'

/**
 * The files of the API reference page (`/docs/assets/<name>`): only the allow-listed names of
 * `src/docs/docsAssets.ts`, anything else is 404. The page links each by a hash of its content,
 * so a matching `?v=` may be cached for a year.
 */
export async function GET(request: Request, context: { params: Promise<{ file: string }> }) {
  const asset = await docsAsset((await context.params).file)
  if (!asset) return new Response('Not found\n', { status: 404 })
  const { body, contentType, version } = await asset
  const isCurrent = new URL(request.url).searchParams.get('v') === version
  return new Response(new Uint8Array(body), {
    headers: {
      'content-type': contentType,
      'cache-control': isCurrent ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    },
  })
}
