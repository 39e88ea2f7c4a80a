import { describe, expect, it } from 'vitest'

import {
  queryTerms,
  queryWords,
  termQueryText,
  termText,
  typoAllowance,
  typoCorrections,
  typoDistance,
} from './queryWords'

describe('queryWords', () => {
  it('reads lower-case words of letters and digits, in any script', () => {
    expect(queryWords('  Enamel  MUG! ')).toEqual(['enamel', 'mug'])
    expect(queryWords('Эмалированные кружки')).toEqual(['эмалированные', 'кружки'])
    expect(queryWords('50% off: C:\\temp 100_percent')).toEqual([
      '50',
      'off',
      'c',
      'temp',
      '100',
      'percent',
    ])
    expect(queryWords('%%')).toEqual([])
  })

  it('keeps ten words at most', () => {
    expect(queryWords('a b c d e f g h i j k l')).toHaveLength(10)
  })
})

describe('typoAllowance', () => {
  it('allows none under 5 letters, one from 5 and two from 9, counting letters', () => {
    expect(['mug', 'mugs', 'enaml', 'enamelled', 'кружка', 'чай'].map(typoAllowance)).toEqual([
      0, 0, 1, 2, 1, 0,
    ])
    expect(typoAllowance('abcdefgh')).toBe(1)
  })
})

describe('typoDistance', () => {
  it('counts an added, missing or replaced letter and a swap of neighbours as one typo', () => {
    expect(typoDistance('enamel', 'enamel')).toBe(0)
    expect(typoDistance('enamle', 'enamel')).toBe(1)
    expect(typoDistance('enamel', 'enamels')).toBe(1)
    expect(typoDistance('enmel', 'enamel')).toBe(1)
    expect(typoDistance('enamal', 'enamel')).toBe(1)
    expect(typoDistance('кружка', 'кружко')).toBe(1)
    expect(typoDistance('abc', 'xyz')).toBe(3)
  })
})

describe('typoCorrections', () => {
  it('keeps known words within the allowance, nearest first, never the word itself', () => {
    expect(typoCorrections('enamle', ['enamel', 'enabled', 'camel', 'enamle', 'names'])).toEqual([
      'enamel',
    ])
    expect(typoCorrections('mugs', ['mug', 'mugs'])).toEqual([])
    expect(typoCorrections('stainlses', ['stainless', 'stainle'])).toEqual(['stainless', 'stainle'])
  })

  it('leaves out words that are not letters and digits (they would be operators)', () => {
    expect(typoCorrections('enamel', ['enam-l', "enam'l", 'enamal'])).toEqual(['enamal'])
  })
})

describe('termQueryText', () => {
  it('reads every word, the last also as a prefix, each or one of its corrections', () => {
    const terms = queryTerms(['mug', 'enamle'], new Map([['enamle', ['enamel']]]))
    expect(terms.map(termQueryText)).toEqual(['mug', '(enamle | enamle:*) | enamel'])
  })

  it('takes a last word of one letter as a word, not as the start of every word it begins', () => {
    expect(queryTerms(['zephyr', 's'], new Map()).map(termQueryText)).toEqual(['zephyr', 's'])
  })

  it('reads a prefix the word list named as its lexemes, as written, and the word itself stemmed', () => {
    const terms = queryTerms(['copper', 'kettl'], new Map([['copper', ['topper']]]), [
      'kettl',
      'kettle',
      'kettles',
    ])
    expect(terms.map((term) => termText(term, 'written'))).toEqual([
      'copper | topper',
      '(kettl | kettl | kettle | kettles)',
    ])
    expect(terms.map((term) => termText(term, 'stemmed'))).toEqual(['copper | topper', 'kettl'])
  })

  it('reads a prefix that stands for no listed word as the word alone', () => {
    const [term] = queryTerms(['zyzzyva'], new Map(), [])
    expect([termText(term!, 'written'), termText(term!, 'stemmed')]).toEqual(['zyzzyva', 'zyzzyva'])
  })
})
