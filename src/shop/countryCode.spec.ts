import countries from 'i18n-iso-countries'
import { describe, expect, it } from 'vitest'

import { isCountryCode } from './countryCode'

describe('isCountryCode', () => {
  it.each(['RU', 'DE', 'GB', 'US', 'AQ'])('accepts the ISO 3166-1 alpha-2 code %j', (code) => {
    expect(isCountryCode(code)).toBe(true)
  })

  it('accepts every alpha-2 code of the ISO list', () => {
    const codes = Object.keys(countries.getAlpha2Codes())
    expect(codes.length).toBeGreaterThan(240)
    expect(codes.filter((code) => !isCountryCode(code))).toEqual([])
  })

  it.each(['XX', 'ZZ', 'EU', 'UK', 'SU', 'UN'])('refuses %j, which is no country code', (code) => {
    expect(isCountryCode(code)).toBe(false)
  })

  it.each(['ru', 'Ru', 'rU'])('refuses %j: codes are upper case', (code) => {
    expect(isCountryCode(code)).toBe(false)
  })

  it.each(['RUS', 'DEU', '643', '276'])('refuses the alpha-3 or numeric code %j', (code) => {
    expect(isCountryCode(code)).toBe(false)
  })

  it.each(['', 'R', ' RU', 'RU ', 'RU\n', 'R U'])('refuses the malformed %j', (code) => {
    expect(isCountryCode(code)).toBe(false)
  })
})
