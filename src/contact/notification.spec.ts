import { describe, expect, it } from 'vitest'

import { configuredRecipients, inquiryNotice, nextAttemptDelaySeconds } from './notification'

describe('inquiry notifications', () => {
  it('name the sender in the subject on one line, whatever the name holds', () => {
    const notice = inquiryNotice({
      id: 7,
      name: 'Eve\r\nBcc: victim@example.com',
      email: 'eve@example.com',
      message: 'Hello',
    })
    expect(notice.subject).toBe('New inquiry from Eve Bcc: victim@example.com')
    expect(notice.subject).not.toMatch(/[\r\n]/)
    expect(notice.text).toContain('Hello')
  })

  it('back off from a failing mail server, doubling up to an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => nextAttemptDelaySeconds(attempts, 60))).toEqual([
      60, 120, 240, 480,
    ])
    expect(nextAttemptDelaySeconds(20, 60)).toBe(3600)
  })

  it('read the configured recipients', () => {
    expect(configuredRecipients(' a@example.com, ,b@example.com ')).toEqual([
      'a@example.com',
      'b@example.com',
    ])
    expect(configuredRecipients('')).toBeUndefined()
    expect(configuredRecipients(undefined)).toBeUndefined()
  })
})
