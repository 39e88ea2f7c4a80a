import { describe, expect, it } from 'vitest'

import { textSearchConfig } from './textSearchConfig'

describe('textSearchConfig', () => {
  it('reads a locale by its language, simple for one without a stemmer', () => {
    expect(['en', 'ru', 'pt-BR', 'en-GB', 'zh-Hant', 'DE'].map(textSearchConfig)).toEqual([
      'english',
      'russian',
      'portuguese',
      'english',
      'simple',
      'german',
    ])
  })
})
