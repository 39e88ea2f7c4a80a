/**
 * The PostgreSQL text search configuration (Snowball stemmer and stop words) that reads a
 * locale's text: by its language, `simple` (no stemming) for a language PostgreSQL has none for.
 * The `russian` configuration stems Latin words with the English stemmer, `english` leaves
 * Cyrillic words unstemmed.
 */
const configByLanguage: Record<string, string> = {
  ar: 'arabic',
  ca: 'catalan',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  eu: 'basque',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hi: 'hindi',
  hu: 'hungarian',
  hy: 'armenian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  nl: 'dutch',
  no: 'norwegian',
  nb: 'norwegian',
  nn: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  yi: 'yiddish',
}

/** The text search configuration of `locale` (`en`, `ru`, `pt-BR`). */
export function textSearchConfig(locale: string): string {
  const language = locale.split('-')[0]!.toLowerCase()
  return configByLanguage[language] ?? 'simple'
}
