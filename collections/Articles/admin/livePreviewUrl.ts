import type { LivePreviewConfig } from 'payload'

import { configOf } from '@/config/appConfig'
import { serverUrlOf } from '@/http/serverUrl'
import { articlePreviewUrl } from './articlePreviewUrl'

/**
 * The address the admin panel's live preview frames beside the form of an article or a page:
 * this app's own preview page of the draft in the locale being edited
 * (`/preview/{collection}/{id}?locale=`), or for an article, when `PREVIEW_URL` is set, the
 * storefront's preview address (with its token), as the Preview button opens.
 */
export const livePreviewUrl =
  (collection: 'articles' | 'pages'): NonNullable<LivePreviewConfig['url']> =>
  ({ data, locale, req }) => {
    const id = Number(data?.id)
    if (!Number.isInteger(id)) return null
    if (collection === 'articles' && configOf(req.payload).content.previewUrl) {
      return articlePreviewUrl(data, { locale: locale.code, req, token: null }) as string | null
    }
    return `${serverUrlOf(req)}/preview/${collection}/${id}?locale=${encodeURIComponent(locale.code)}`
  }
