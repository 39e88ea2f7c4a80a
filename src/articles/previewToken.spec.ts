import { describe, expect, it } from 'vitest'

import { checkPreviewToken, previewAddress, signPreviewToken } from './previewToken'

const secret = 'a-secret-of-this-deployment'
const now = new Date('2026-11-25T09:00:00Z')
const inAnHour = new Date('2026-11-25T10:00:00Z')

describe('preview tokens', () => {
  it('grant the draft of the one article they were made for, until they expire', () => {
    const token = signPreviewToken(secret, 42, inAnHour)
    expect(checkPreviewToken(secret, token, 42, now)).toEqual({
      isValid: true,
      expiresAt: inAnHour,
    })
  })

  it('are refused for another article, after expiry, with another secret or altered', () => {
    const token = signPreviewToken(secret, 42, inAnHour)
    expect(checkPreviewToken(secret, token, 43, now)).toMatchObject({
      isValid: false,
      reason: 'The preview token is for another article, not 43',
    })
    expect(checkPreviewToken(secret, token, 42, inAnHour)).toMatchObject({
      isValid: false,
      reason: 'The preview token expired at 2026-11-25T10:00:00.000Z',
    })
    expect(checkPreviewToken('another-secret', token, 42, now).isValid).toBe(false)
    const longer = token.replace(/^42\.(\d+)/, (_, expiry) => `42.${Number(expiry) + 3600}`)
    expect(checkPreviewToken(secret, longer, 42, now)).toMatchObject({
      reason: 'The preview token is not valid',
    })
    expect(checkPreviewToken(secret, 'nonsense', 42, now)).toMatchObject({
      reason: 'The preview token is malformed',
    })
  })

  it('fill the storefront address template, escaping what they put in', () => {
    expect(
      previewAddress('https://shop.example/preview?article={id}&slug={slug}&token={token}', {
        id: 7,
        slug: 'a b',
        token: '7.1.x',
      }),
    ).toBe('https://shop.example/preview?article=7&slug=a%20b&token=7.1.x')
    expect(
      previewAddress('https://shop.example/{locale}/preview/{id}?token={token}', {
        id: 7,
        slug: 'a',
        token: 't',
        locale: 'pt-BR',
      }),
    ).toBe('https://shop.example/pt-BR/preview/7?token=t')
  })
})
