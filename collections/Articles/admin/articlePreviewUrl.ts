import type { CollectionAdminOptions } from 'payload'

import { previewAddress, signPreviewToken } from '@/articles/previewToken'
import { configOf } from '@/config/appConfig'
import { serverUrlOf } from '@/http/serverUrl'

/**
 * The admin panel's Preview button: the storefront's preview address (`PREVIEW_URL`) with a
 * token that grants this article's draft for `PREVIEW_TOKEN_MINUTES` and the locale being edited
 * (`{locale}`); without `PREVIEW_URL`, this app's own draft reader, in that locale.
 */
export const articlePreviewUrl: NonNullable<CollectionAdminOptions['preview']> = (
  doc,
  { req, locale },
) => {
  const config = configOf(req.payload)
  const id = Number(doc.id)
  if (!Number.isInteger(id)) return null
  const expiresAt = new Date(Date.now() + config.content.previewTokenMinutes * 60_000)
  const token = signPreviewToken(config.identity.payloadSecret, id, expiresAt)
  const template =
    config.content.previewUrl ??
    `${serverUrlOf(req)}/api/v1/articles/{id}?preview_token={token}&locale={locale}`
  // The locale the editor is writing in (the admin panel's switcher).
  const shownLocale = config.content.locales.includes(locale) ? locale : config.content.locales[0]
  return previewAddress(template, { id, slug: String(doc.slug ?? ''), token, locale: shownLocale })
}
