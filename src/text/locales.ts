/**
 * The languages content is written in (`CONTENT_LOCALES`) and how a request picks one: pure
 * rules, used by the configuration, the API's handlers and the events.
 */

/** A locale code as editors configure it: `en`, `ru`, `pt-BR`, `zh-Hant`. */
const localeCodePattern = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/

/** The configured locales, the default first. */
export type Locales = readonly [string, ...string[]]

/** `CONTENT_LOCALES`: comma-separated codes, the default first, no repeats. */
export function parseContentLocales(raw: string): [string, ...string[]] {
  const codes = raw
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean)
  if (codes.length === 0) throw new Error('names no locale')
  for (const code of codes) {
    if (!localeCodePattern.test(code)) {
      throw new Error(`"${code}" is not a locale code (like en, ru or pt-BR)`)
    }
  }
  const repeated = codes.find((code, index) => codes.indexOf(code) !== index)
  if (repeated) throw new Error(`names "${repeated}" twice`)
  if (codes.length > 20) throw new Error('names more than 20 locales')
  return codes as [string, ...string[]]
}

/**
 * A locale's name for people: its name in English ("Russian"), the code when it has none (the
 * admin panel's switcher shows the code beside it).
 */
export function localeLabel(code: string): string {
  let name: string | undefined
  try {
    name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code)
  } catch {
    name = undefined
  }
  return name || code
}

/** The configured locale `code` names, whatever its case; undefined when none. */
export function configuredLocale(locales: Locales, code: string): string | undefined {
  const wanted = code.trim().toLowerCase()
  return locales.find((locale) => locale.toLowerCase() === wanted)
}

/**
 * The locale an `Accept-Language` header (RFC 9110 12.5.4) prefers among the configured ones:
 * ranges by falling weight (`q`, 1 when left out; `q=0` means "not this one"), an exact match
 * before a prefix (`ru-RU` is answered in `ru`; `pt` in `pt-BR` when that is the only `pt`),
 * `*` for the default. Undefined when the header names none of them.
 */
export function preferredLocale(locales: Locales, header: string | null): string | undefined {
  if (!header) return undefined
  const ranges = header
    .split(',')
    .map((part, position) => {
      const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim())
      const q = parameters.find((parameter) => /^q\s*=/i.test(parameter))
      const weight = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/i, ''))
      return { range: range.toLowerCase(), weight, position }
    })
    .filter(({ range, weight }) => range && Number.isFinite(weight) && weight > 0 && weight <= 1)
    .sort((a, b) => b.weight - a.weight || a.position - b.position)
  for (const { range } of ranges) {
    if (range === '*') return locales[0]
    const exact = configuredLocale(locales, range)
    if (exact) return exact
    const base = range.split('-')[0]!
    const sameLanguage =
      configuredLocale(locales, base) ??
      locales.find((locale) => locale.toLowerCase().split('-')[0] === base)
    if (sameLanguage) return sameLanguage
  }
  return undefined
}

/** The locale a request is answered in, and whether it asked for one at all. */
export type ChosenLocale = {
  locale: string
  isDefault: boolean
  /** Fill a field without text in `locale` from the default locale (`fallback_locale=none`: not). */
  hasFallback: boolean
}

/** Why a request's locale cannot be answered: an unknown `?locale` or `fallback_locale`. */
export class UnknownLocale extends Error {
  constructor(
    readonly parameter: 'locale' | 'fallback_locale',
    value: string,
    locales: Locales,
  ) {
    super(
      parameter === 'locale'
        ? `locale "${value}" is not one of the configured locales: ${locales.join(', ')}`
        : `fallback_locale "${value}" must be "none" or one of the configured locales: ${locales.join(', ')}`,
    )
  }
}

/**
 * The locale of a request: `?locale` wins (an unknown one is refused), then `Accept-Language`,
 * then the default. `fallback_locale=none` leaves fields without text in that locale empty; the
 * default locale (or naming it) fills them.
 */
export function chooseLocale(
  locales: Locales,
  request: { locale?: string; fallbackLocale?: string; acceptLanguage: string | null },
): ChosenLocale {
  let locale: string
  if (request.locale !== undefined) {
    const configured = configuredLocale(locales, request.locale)
    if (!configured) throw new UnknownLocale('locale', request.locale, locales)
    locale = configured
  } else {
    locale = preferredLocale(locales, request.acceptLanguage) ?? locales[0]
  }
  let hasFallback = true
  if (request.fallbackLocale !== undefined) {
    if (request.fallbackLocale.trim().toLowerCase() === 'none') hasFallback = false
    else if (configuredLocale(locales, request.fallbackLocale) !== locales[0]) {
      throw new UnknownLocale('fallback_locale', request.fallbackLocale, locales)
    }
  }
  return { locale, isDefault: locale === locales[0], hasFallback }
}

/** Headers of an answer in `locale`: what it is in, and that `Accept-Language` chose it. */
export function localeHeaders(locale: string): Record<string, string> {
  return { 'Content-Language': locale, Vary: 'Accept-Language' }
}
