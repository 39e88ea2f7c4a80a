import { z } from 'zod'
import type { PayloadRequest } from 'payload'

import { configOf } from '@/config/appConfig'
import type { TextLocale } from '@/db/localizedText'
import { badRequest } from '@/http/errors'
import { chooseLocale, localeHeaders, UnknownLocale, type ChosenLocale } from '@/text/locales'

/**
 * A `locale` query parameter: the document lists the deployment's `CONTENT_LOCALES` as its
 * values (`x-content-locale`, replaced when the OpenAPI document is built).
 */
export const localeParam = (description: string) =>
  z.string().max(35).meta({ description, 'x-content-locale': 'locale' }).optional()

/** The query parameters of every localized read (`src/text/locales.ts` has the rules). */
export const localeParams = {
  locale: localeParam(
    'The locale to answer in, one of `CONTENT_LOCALES` (`en`, `ru` by default); wins over `Accept-Language`. An unknown one is a 400 naming the configured ones',
  ),
  fallback_locale: z
    .string()
    .max(35)
    .meta({
      description:
        '`none`: a field without text in the locale is `null` (an empty text stays empty); left out (or the default locale): the default locale fills it',
      'x-content-locale': 'fallback',
    })
    .optional(),
}

/** The locale a request asked for, with what a read in it needs and the answer's headers. */
export type RequestLocale = ChosenLocale & { read: TextLocale; headers: Record<string, string> }

/**
 * The locale of `req` from its `locale` and `fallback_locale` query parameters and its
 * `Accept-Language` header (a read's only); an unknown locale is a 400 naming the configured
 * ones.
 */
export function requestLocale(
  req: Pick<PayloadRequest, 'payload' | 'headers'>,
  query: { locale?: string; fallback_locale?: string },
  options: { isWrite?: boolean } = {},
): RequestLocale {
  const locales = configOf(req.payload).content.locales
  let chosen: ChosenLocale
  try {
    chosen = chooseLocale(locales, {
      locale: query.locale,
      fallbackLocale: query.fallback_locale,
      // A write is in the default locale unless `?locale` names another: a browser's or a
      // client library's Accept-Language never decides which text is overwritten.
      acceptLanguage: options.isWrite ? null : req.headers.get('accept-language'),
    })
  } catch (error) {
    if (error instanceof UnknownLocale) {
      throw badRequest(error.message, [{ field: error.parameter, message: error.message }])
    }
    throw error
  }
  return {
    ...chosen,
    read: {
      locale: chosen.locale,
      fallbackLocale: chosen.hasFallback ? locales[0] : undefined,
    },
    headers: localeHeaders(chosen.locale),
  }
}
