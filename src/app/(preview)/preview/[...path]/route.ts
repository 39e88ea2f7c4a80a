import config from '@payload-config'
import { getPayload } from 'payload'

import { servePreviewPages } from '@/articles/operations/servePreviewPages'

type Context = { params: Promise<{ path: string[] }> }

/** `/preview/{articles|pages}/{id}` and its script: the live preview this app serves itself. */
export async function GET(request: Request, context: Context) {
  const payload = await getPayload({ config })
  return servePreviewPages({ payload, request, path: (await context.params).path })
}
