import { describe, expect, it } from 'vitest'

import { minimumLeaseMs, workerSettings } from './workerSettings'

describe('workerSettings', () => {
  it('has defaults for every setting', () => {
    expect(workerSettings({})).toEqual({
      concurrency: 50,
      endpointConcurrency: 10,
      leaseMs: 60_000,
      pollMs: 1000,
      retrySchedule: [
        0, 5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000,
        86_400_000,
      ],
      backoffBaseMs: 5000,
      backoffMaxMs: 3_600_000,
      retentionMs: 30 * 86_400_000,
      cleanupIntervalMs: 3_600_000,
    })
  })

  it('reads the environment and refuses nonsense', () => {
    const settings = workerSettings({
      WEBHOOK_RETRY_SCHEDULE: '0,10ms,1s',
      WEBHOOK_LEASE_SECONDS: '40',
      WEBHOOK_RETENTION_DAYS: '7',
    })
    expect(settings.retrySchedule).toEqual([0, 10, 1000])
    expect(settings.leaseMs).toBe(40_000)
    expect(settings.retentionMs).toBe(7 * 86_400_000)
    expect(() => workerSettings({ WEBHOOK_CONCURRENCY: '-1' })).toThrow(/WEBHOOK_CONCURRENCY/)
    expect(() =>
      workerSettings({ WEBHOOK_BACKOFF_BASE_SECONDS: '60', WEBHOOK_BACKOFF_MAX_SECONDS: '10' }),
    ).toThrow(/WEBHOOK_BACKOFF_MAX_SECONDS/)
  })

  it('refuses a lease that cannot cover the longest send (30 s timeout plus the margin)', () => {
    expect(minimumLeaseMs).toBe(35_000)
    expect(() => workerSettings({ WEBHOOK_LEASE_SECONDS: '34' })).toThrow(
      'WEBHOOK_LEASE_SECONDS=34 cannot cover the longest send',
    )
    expect(workerSettings({ WEBHOOK_LEASE_SECONDS: '35' }).leaseMs).toBe(35_000)
  })
})
