import { describe, expect, it } from 'vitest'

import {
  chooseLocale,
  configuredLocale,
  localeHeaders,
  localeLabel,
  parseContentLocales,
  preferredLocale,
  UnknownLocale,
} from './locales'

const locales = ['en', 'ru'] as const

describe('CONTENT_LOCALES', () => {
  it('reads comma-separated codes, the default first', () => {
    expect(parseContentLocales('en,ru')).toEqual(['en', 'ru'])
    expect(parseContentLocales(' ru , en, pt-BR ')).toEqual(['ru', 'en', 'pt-BR'])
  })

  it('refuses what is not a list of distinct locale codes', () => {
    expect(() => parseContentLocales(',')).toThrow('names no locale')
    expect(() => parseContentLocales('en,english')).toThrow('"english" is not a locale code')
    expect(() => parseContentLocales('en,EN-us')).toThrow('is not a locale code')
    expect(() => parseContentLocales('en,ru,en')).toThrow('names "en" twice')
  })

  it('names a locale in English for the admin panel', () => {
    expect(localeLabel('ru')).toBe('Russian')
    expect(localeLabel('en')).toBe('English')
    expect(localeLabel('pt-BR')).toBe('Brazilian Portuguese')
  })
})

describe('Accept-Language', () => {
  it('prefers the configured locale of the highest q-value', () => {
    expect(preferredLocale(locales, 'de, en;q=0.5, ru;q=0.7')).toBe('ru')
    expect(preferredLocale(locales, 'de, ru;q=0.3, en;q=0.6')).toBe('en')
    expect(preferredLocale(locales, 'ru;q=0.5, en;q=0.5')).toBe('ru')
  })

  it('matches a region to its language, and a language to its only regional locale', () => {
    expect(preferredLocale(locales, 'ru-RU')).toBe('ru')
    expect(preferredLocale(['en', 'pt-BR'], 'pt')).toBe('pt-BR')
    expect(preferredLocale(['en', 'pt-BR'], 'PT-br')).toBe('pt-BR')
  })

  it('leaves out q=0 and malformed weights; * is the default; nothing known is undefined', () => {
    expect(preferredLocale(locales, 'ru;q=0, en-GB')).toBe('en')
    expect(preferredLocale(locales, 'ru;q=abc')).toBeUndefined()
    expect(preferredLocale(locales, '*')).toBe('en')
    expect(preferredLocale(locales, 'fr, de')).toBeUndefined()
    expect(preferredLocale(locales, null)).toBeUndefined()
    expect(preferredLocale(locales, '')).toBeUndefined()
  })
})

describe('the locale of a request', () => {
  it('?locale wins over Accept-Language, then Accept-Language, then the default', () => {
    expect(chooseLocale(locales, { locale: 'en', acceptLanguage: 'ru' })).toEqual({
      locale: 'en',
      isDefault: true,
      hasFallback: true,
    })
    expect(chooseLocale(locales, { acceptLanguage: 'ru' }).locale).toBe('ru')
    expect(chooseLocale(locales, { acceptLanguage: 'fr' }).locale).toBe('en')
    expect(chooseLocale(locales, { locale: 'RU', acceptLanguage: null }).locale).toBe('ru')
  })

  it('refuses an unknown ?locale, naming the configured ones', () => {
    expect(() => chooseLocale(locales, { locale: 'de', acceptLanguage: null })).toThrow(
      new UnknownLocale('locale', 'de', locales),
    )
    expect(new UnknownLocale('locale', 'de', locales).message).toBe(
      'locale "de" is not one of the configured locales: en, ru',
    )
  })

  it('fallback_locale=none turns the fallback off; the default locale keeps it; others are refused', () => {
    const ask = (fallbackLocale: string) =>
      chooseLocale(locales, { locale: 'ru', fallbackLocale, acceptLanguage: null })
    expect(ask('none').hasFallback).toBe(false)
    expect(ask('NONE').hasFallback).toBe(false)
    expect(ask('en').hasFallback).toBe(true)
    expect(() => ask('ru')).toThrow(/"none" or one of the configured locales/)
    expect(() => ask('fr')).toThrow(/fallback_locale "fr"/)
  })

  it('answers with Content-Language and Vary: Accept-Language', () => {
    expect(localeHeaders('ru')).toEqual({ 'Content-Language': 'ru', Vary: 'Accept-Language' })
    expect(configuredLocale(locales, ' Ru ')).toBe('ru')
  })
})
