import { describe, expect, it } from 'vitest'

import { refundRequestProblem, typedKopecks } from './refundRequestProblem'

describe('a refund amount as an administrator types it', () => {
  it('reads roubles with a decimal point or comma and thousands separators, in kopecks', () => {
    expect(typedKopecks('')).toBeUndefined()
    expect(typedKopecks('  ')).toBeUndefined()
    expect(typedKopecks('250')).toBe(25_000)
    expect(typedKopecks('12.5')).toBe(1_250)
    expect(typedKopecks('12,50')).toBe(1_250)
    expect(typedKopecks('3,160.00')).toBe(316_000)
    expect(typedKopecks('3 160')).toBe(316_000)
    expect(typedKopecks('2.50 RUB')).toBe(250)
    expect(typedKopecks('1.005')).toBeNaN()
    expect(typedKopecks('-5')).toBeNaN()
    expect(typedKopecks('five')).toBeNaN()
  })

  it('says in roubles what is wrong before anything is asked of Stripe', () => {
    const left = 316_000
    expect(refundRequestProblem({ typed: '5000', left })).toBe(
      'Only 3,160.00 RUB is left to refund',
    )
    expect(refundRequestProblem({ typed: '0', left })).toBe('A refund is at least 0.01 RUB')
    expect(refundRequestProblem({ typed: 'abc', left })).toMatch(/^Write the amount in roubles/)
    expect(refundRequestProblem({ typed: '3160', left })).toBeNull()
    expect(refundRequestProblem({ typed: '', left })).toBeNull()
    expect(refundRequestProblem({ typed: '', left: 0 })).toBe('Nothing is left to refund')
  })
})
