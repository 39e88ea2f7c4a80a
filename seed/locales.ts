import type { Payload } from 'payload'

import { configOf } from '@/config/appConfig'

/**
 * Whether the demo data gets its Russian text: the demo is written in English (the default
 * locale of `CONTENT_LOCALES=en,ru`) and Russian, when `ru` is configured besides the default.
 */
export const writesRussian = (payload: Payload) => {
  const locales = configOf(payload).content.locales
  return locales.includes('ru') && locales[0] !== 'ru'
}
