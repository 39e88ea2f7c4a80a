import { describe, expect, it } from 'vitest'

import { isMetricsCaller, metricsToken, workerHttpPort } from './settings'

describe('metricsToken', () => {
  it('is unset when the variable is absent or blank', () => {
    expect(metricsToken({})).toBeUndefined()
    expect(metricsToken({ METRICS_TOKEN: '  ' })).toBeUndefined()
    expect(metricsToken({ METRICS_TOKEN: ' s3cret ' })).toBe('s3cret')
  })
})

describe('isMetricsCaller', () => {
  it('takes exactly `Bearer <token>`', () => {
    expect(isMetricsCaller('Bearer s3cret', 's3cret')).toBe(true)
    expect(isMetricsCaller('bearer   s3cret ', 's3cret')).toBe(true)
    expect(isMetricsCaller('Bearer s3cre', 's3cret')).toBe(false)
    expect(isMetricsCaller('Bearer s3cret2', 's3cret')).toBe(false)
    expect(isMetricsCaller('s3cret', 's3cret')).toBe(false)
    expect(isMetricsCaller('Basic s3cret', 's3cret')).toBe(false)
    expect(isMetricsCaller(null, 's3cret')).toBe(false)
    expect(isMetricsCaller('Bearer ', '')).toBe(false)
  })
})

describe('workerHttpPort', () => {
  it('is off when unset, a port number otherwise', () => {
    expect(workerHttpPort({})).toBeUndefined()
    expect(workerHttpPort({ WORKER_HTTP_PORT: '' })).toBeUndefined()
    expect(workerHttpPort({ WORKER_HTTP_PORT: '9464' })).toBe(9464)
    expect(workerHttpPort({ WORKER_HTTP_PORT: '0' })).toBe(0)
  })

  it('refuses what is not a port, naming the variable', () => {
    for (const value of ['http', '70000', '-1', '12.5', '80 81']) {
      expect(() => workerHttpPort({ WORKER_HTTP_PORT: value })).toThrow(/WORKER_HTTP_PORT/)
    }
  })
})
