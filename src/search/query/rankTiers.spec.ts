import { describe, expect, it } from 'vitest'

import { queryTerms } from './queryWords'
import { rankTiers } from './rankTiers'

const describeTier = (tier: ReturnType<typeof rankTiers>[number]) =>
  tier.kind === 'partial' ? 'partial' : `${tier.match} in ${tier.vector}`

describe('rankTiers', () => {
  it('walks the fields title, description, body with exact words, then partial matches', () => {
    expect(rankTiers(queryTerms(['mug'], new Map())).map(describeTier)).toEqual([
      'exact in title_vector',
      'exact in head_vector',
      'exact in vector',
      'partial',
    ])
  })

  it('puts the exact phrase first in each field for several words, and typos after every exact match', () => {
    const terms = queryTerms(['enamle', 'mug'], new Map([['enamle', ['enamel']]]))
    expect(rankTiers(terms).map(describeTier)).toEqual([
      'phrase in title_vector',
      'exact in title_vector',
      'phrase in head_vector',
      'exact in head_vector',
      'phrase in vector',
      'exact in vector',
      'typos in title_vector',
      'typos in head_vector',
      'typos in vector',
      'partial',
    ])
  })

  it('has only partial matches for a query without words', () => {
    expect(rankTiers([]).map(describeTier)).toEqual(['partial'])
  })
})
