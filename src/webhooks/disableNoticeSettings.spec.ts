import { describe, expect, it } from 'vitest'

import { disableNoticeSettings } from './disableNoticeSettings'

describe('disable notice settings', () => {
  it('look every 10 s and retry after a minute, doubling, by default', () => {
    expect(disableNoticeSettings({})).toEqual({ intervalMs: 10_000, retryBaseSeconds: 60 })
    expect(
      disableNoticeSettings({
        WEBHOOK_NOTICE_INTERVAL_SECONDS: '0.3',
        WEBHOOK_NOTICE_RETRY_SECONDS: '0',
      }),
    ).toEqual({ intervalMs: 300, retryBaseSeconds: 0 })
  })

  it('refuse values that cannot work, naming the variable', () => {
    expect(() => disableNoticeSettings({ WEBHOOK_NOTICE_INTERVAL_SECONDS: '0' })).toThrow(
      'WEBHOOK_NOTICE_INTERVAL_SECONDS must be a number of seconds from 0.1 to 3600',
    )
    expect(() => disableNoticeSettings({ WEBHOOK_NOTICE_RETRY_SECONDS: 'often' })).toThrow(
      'WEBHOOK_NOTICE_RETRY_SECONDS must be a number of seconds from 0 to 3600',
    )
  })
})
