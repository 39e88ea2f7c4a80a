import { describe, expect, it } from 'vitest'

import { mayReadReplica } from './replicaReadPolicy.mjs'

const anonymousGet = (path: string, headers: Record<string, string | string[]> = {}) =>
  mayReadReplica({ method: 'GET', path, headers })

describe('which requests may read a replica', () => {
  it('public content read anonymously with GET or HEAD', () => {
    expect(anonymousGet('/api/pages')).toBe(true)
    expect(anonymousGet('/api/pages/12')).toBe(true)
    expect(anonymousGet('/api/products/')).toBe(true)
    expect(anonymousGet('/api/media/file/sun-over-hills.jpg')).toBe(true)
    expect(anonymousGet('/api/search')).toBe(true)
    expect(mayReadReplica({ method: 'HEAD', path: '/api/products/3', headers: {} })).toBe(true)
    // Headers that carry no credential change nothing.
    expect(anonymousGet('/api/pages', { accept: 'application/json', 'if-none-match': '"x"' })).toBe(
      true,
    )
  })

  it('never a method that writes, or reads to decide a write', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', undefined]) {
      expect(mayReadReplica({ method, path: '/api/pages', headers: {} })).toBe(false)
    }
  })

  it('never with a credential: Authorization, X-API-Key or any cookie', () => {
    expect(anonymousGet('/api/pages', { authorization: 'Bearer eyJ' })).toBe(false)
    expect(anonymousGet('/api/pages', { authorization: 'users API-Key k' })).toBe(false)
    expect(anonymousGet('/api/pages', { 'x-api-key': 'key' })).toBe(false)
    expect(anonymousGet('/api/pages', { cookie: 'payload-token=eyJ' })).toBe(false)
    expect(anonymousGet('/api/pages', { cookie: 'portal_session=abc' })).toBe(false)
    // A session cookie under another name (Payload's cookiePrefix) is a cookie all the same.
    expect(anonymousGet('/api/pages', { cookie: 'shop-token=eyJ; theme=dark' })).toBe(false)
    expect(anonymousGet('/api/pages', { 'x-api-key': ['a', 'b'] })).toBe(false)
    // Present but blank is no credential.
    expect(anonymousGet('/api/pages', { authorization: ' ', cookie: '' })).toBe(true)
  })

  it('never a path that must be current', () => {
    for (const path of [
      '/api/health',
      '/api/health/ready',
      '/api/metrics',
      '/admin',
      '/admin/collections/pages',
      '/portal',
      '/portal/enter',
      '/payment-sandbox/cs_test_1',
      '/v1/checkout/sessions/cs_test_1',
      '/api/users/me',
      '/api/v1/me',
      '/api/consumers/me',
      '/api/users/init',
      '/api/orders/12',
      '/api/articles',
      '/api/v1/articles/3',
      '/webhooks/subscriptions',
      '/webhooks/event-types',
      '/reports/sales',
      '/api/graphql',
      '/docs',
      '/',
    ]) {
      expect(anonymousGet(path), path).toBe(false)
    }
  })

  it('only the listed paths themselves, not look-alikes or disguised paths', () => {
    for (const path of [
      '/api/pagesx',
      '/api/searching',
      '/api/pages/../users/me',
      '/api/pages/%2e%2e/users/me',
      '/api/pages//x',
      '/api/pages/.hidden',
      '/API/pages',
      'api/pages',
      '',
    ]) {
      expect(anonymousGet(path), path).toBe(false)
    }
  })
})
