import type { CollectionAdminOptions } from 'payload'

import { previewAddress, signPreviewToken } from '@/articles/previewToken'
import { configOf } from '@/config/appConfig'
import { serverUrlOf } from '@/http/serverUrl'

/**
 * The admin panel's Preview button: the storefront's preview address (`PREVIEW_URL`) with a
 * token that grants this article's draft for `PREVIEW_TOKEN_MINUTES`; without `PREVIEW_URL`,
 * this app's own draft reader.
 */
export const articlePreviewUrl: NonNullable<CollectionAdminOptions['preview']> = (doc, { req }) => {
  const config = configOf(req.payload)
  const id = Number(doc.id)
  if (!Number.isInteger(id)) return null
  const expiresAt = new Date(Date.now() + config.content.previewTokenMinutes * 60_000)
  const token = signPreviewToken(config.identity.payloadSecret, id, expiresAt)
  const template =
    config.content.previewUrl ?? `${serverUrlOf(req)}/api/v1/articles/{id}?preview_token={token}`
  return previewAddress(template, { id, slug: String(doc.slug ?? ''), token })
}
