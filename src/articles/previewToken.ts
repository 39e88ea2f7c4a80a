import { createHmac, timingSafeEqual } from 'node:crypto'

/*
 * Preview links: a storefront shows an editor an article's draft without the editor's
 * credentials. The admin panel's Preview button signs `<article id>.<expiry>` with the app's
 * secret; `GET /api/v1/articles/{id}?preview_token=` serves that one article's draft until the
 * token expires. Nothing is stored: a token cannot be revoked before it expires (keep it short).
 */

const purpose = 'article-preview'

const signature = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`${purpose}:${body}`).digest('base64url')

/** A token for the draft of article `id`, valid until `expiresAt`. */
export function signPreviewToken(secret: string, id: number, expiresAt: Date): string {
  const body = `${id}.${Math.floor(expiresAt.getTime() / 1000)}`
  return `${body}.${signature(secret, body)}`
}

export type PreviewTokenCheck =
  { isValid: true; expiresAt: Date } | { isValid: false; reason: string }

/** Whether `token` grants the draft of article `id` at `now`, and if not, why. */
export function checkPreviewToken(
  secret: string,
  token: string,
  id: number,
  now: Date,
): PreviewTokenCheck {
  const match = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return { isValid: false, reason: 'The preview token is malformed' }
  const [, tokenId, expiry, given] = match
  const expected = Buffer.from(signature(secret, `${tokenId}.${expiry}`))
  if (!timingSafeEqual(expected, Buffer.from(given!))) {
    return { isValid: false, reason: 'The preview token is not valid' }
  }
  if (Number(tokenId) !== id) {
    return { isValid: false, reason: `The preview token is for another article, not ${id}` }
  }
  const expiresAt = new Date(Number(expiry) * 1000)
  if (expiresAt.getTime() <= now.getTime()) {
    return { isValid: false, reason: `The preview token expired at ${expiresAt.toISOString()}` }
  }
  return { isValid: true, expiresAt }
}

/** The storefront's preview address: `{id}`, `{slug}` and `{token}` of `template` filled in. */
export const previewAddress = (
  template: string,
  values: { id: number; slug: string; token: string; locale?: string },
) =>
  template
    .replaceAll('{locale}', encodeURIComponent(values.locale ?? ''))
    .replaceAll('{id}', String(values.id))
    .replaceAll('{slug}', encodeURIComponent(values.slug))
    .replaceAll('{token}', encodeURIComponent(values.token))
