import type { Payload } from 'payload'

import { configOf } from '@/config/appConfig'
import { hasWriterRole } from '@/identity/roles'
import { localeLabel } from '@/text/locales'
import {
  livePreviewScript,
  previewFields,
  renderPreviewPage,
  type PreviewCollection,
} from '../preview/previewPage'

const plainPage = (status: number, message: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview</title></head><body><main><p>${message}</p></main></body></html>`,
    {
      status,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'private, no-store',
        'Content-Security-Policy': "default-src 'none'; frame-ancestors 'self'",
      },
    },
  )

/**
 * `/preview/{articles|pages}/{id}?locale=ru`: the newest draft of an article or page in a locale,
 * for editors (the admin panel's session), as the admin panel's live preview frames it;
 * `/preview/live.js`: the script that keeps it in step with the form.
 */
export async function servePreviewPages(args: {
  payload: Payload
  request: Request
  path: string[]
}): Promise<Response> {
  const { payload, request, path } = args
  if (path.length === 1 && path[0] === 'live.js') {
    return new Response(livePreviewScript(), {
      headers: {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  }
  const [collection, rawId] = path
  const id = Number(rawId)
  if (
    path.length !== 2 ||
    !Object.hasOwn(previewFields, collection!) ||
    !Number.isSafeInteger(id)
  ) {
    return plainPage(404, 'There is no such preview.')
  }
  const { user } = await payload.auth({ headers: request.headers })
  if (!hasWriterRole(user)) {
    return plainPage(401, 'Sign in to the admin panel as an editor to preview drafts.')
  }
  const locales = configOf(payload).content.locales
  const asked = new URL(request.url).searchParams.get('locale') ?? ''
  const locale = locales.includes(asked) ? asked : locales[0]
  const doc = await payload.findByID({
    collection: collection as PreviewCollection,
    id,
    draft: true,
    locale: locale as never,
    fallbackLocale: locales[0] as never,
    depth: 1,
    overrideAccess: false,
    user,
    disableErrors: true,
  })
  if (!doc) return plainPage(404, 'There is no such preview.')
  const fields = previewFields[collection as PreviewCollection]
  const record = doc as unknown as Record<string, unknown>
  const page = renderPreviewPage({
    collection: collection as PreviewCollection,
    locale,
    language: localeLabel(locale),
    title: typeof record.title === 'string' ? record.title : null,
    summary: typeof record[fields.summary] === 'string' ? (record[fields.summary] as string) : null,
    body: record[fields.body],
  })
  return new Response(page.html, { headers: page.headers })
}
