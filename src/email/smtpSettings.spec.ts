import { describe, expect, it } from 'vitest'

import { noticeClaimSeconds, smtpTimeouts } from './smtpSettings'

describe('SMTP timeouts', () => {
  it('bound connecting, the greeting and any silence, 15 s each by default', () => {
    expect(smtpTimeouts({})).toEqual({
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 15_000,
    })
    expect(smtpTimeouts({ SMTP_TIMEOUT_SECONDS: '2.5' }).greetingTimeout).toBe(2500)
  })

  it('refuse a value that cannot work, naming the variable', () => {
    for (const value of ['0', '-1', 'soon', '301']) {
      expect(() => smtpTimeouts({ SMTP_TIMEOUT_SECONDS: value })).toThrow(
        'SMTP_TIMEOUT_SECONDS must be a number of seconds from 1 to 300',
      )
    }
  })

  it('let a claimed notice outlast the longest exchange they allow', () => {
    expect(noticeClaimSeconds(smtpTimeouts({}))).toBe(300)
    expect(noticeClaimSeconds(smtpTimeouts({ SMTP_TIMEOUT_SECONDS: '1' }))).toBe(120)
    expect(noticeClaimSeconds(smtpTimeouts({ SMTP_TIMEOUT_SECONDS: '60' }))).toBe(1200)
  })
})
