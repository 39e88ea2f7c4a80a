import { describe, expect, it } from 'vitest'

import { configuredRecipients, inquiryNotice } from './notification'

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

  it('read the configured recipients', () => {
    expect(configuredRecipients(' a@example.com, ,b@example.com ')).toEqual([
      'a@example.com',
      'b@example.com',
    ])
    expect(configuredRecipients('')).toBeUndefined()
    expect(configuredRecipients(undefined)).toBeUndefined()
  })
})
