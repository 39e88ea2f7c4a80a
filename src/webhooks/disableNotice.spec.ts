import { describe, expect, it } from 'vitest'

import { disableNotice } from './disableNotice'

describe("the owner's e-mail about a disabled subscription", () => {
  it('names the endpoint, the subscription and how to resume it', () => {
    const notice = disableNotice({
      subscriptionId: 'sub-1',
      endpointUrl: 'https://hooks.example/in',
      failures: 100,
    })
    expect(notice.subject).toBe('Webhook subscription disabled: https://hooks.example/in')
    expect(notice.text).toContain('sub-1 to https://hooks.example/in failed 100 times in a row')
    expect(notice.text).toContain('PATCH /webhooks/subscriptions/sub-1 {"is_active": true}')
    expect(notice.text).toContain('POST /webhooks/subscriptions/sub-1/recover')
  })

  it('keeps its subject on one line', () => {
    const notice = disableNotice({
      subscriptionId: 'sub-1',
      endpointUrl: 'https://hooks.example/\r\nBcc: x@example.com',
      failures: 100,
    })
    expect(notice.subject).not.toMatch(/[\r\n]/)
  })
})
