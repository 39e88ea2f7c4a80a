import { describe, expect, it } from 'vitest'

import { routeLabeler } from './routeLabel'

const label = routeLabeler([
  '/api/v1/articles',
  '/api/v1/articles/:id',
  '/api/v1/articles/:id/comments',
  '/api/users/me',
  '/api/users/:id',
  '/api/users/',
  '/api/articles/access/:id?',
  '/webhooks/subscriptions/:id',
])

describe('routeLabeler', () => {
  it('labels a path by the template that serves it, ids and all', () => {
    expect(label('/api/v1/articles/42')).toBe('/api/v1/articles/:id')
    expect(label('/api/v1/articles/42/comments')).toBe('/api/v1/articles/:id/comments')
    expect(label('/webhooks/subscriptions/3f0c1c9e-8a51-4b0e-9d1e-2b7f5a0c6d42')).toBe(
      '/webhooks/subscriptions/:id',
    )
    expect(label('/api/v1/articles')).toBe('/api/v1/articles')
    expect(label('/api/v1/articles/')).toBe('/api/v1/articles')
  })

  it('prefers a literal segment to a parameter', () => {
    expect(label('/api/users/me')).toBe('/api/users/me')
    expect(label('/api/users/7')).toBe('/api/users/:id')
    expect(label('/api/users')).toBe('/api/users')
  })

  it('expands optional parameters', () => {
    expect(label('/api/articles/access')).toBe('/api/articles/access')
    expect(label('/api/articles/access/5')).toBe('/api/articles/access/:id')
  })

  it('never returns a path a caller chose: unknown paths fall into a few buckets', () => {
    expect(label('/api/v1/articles/42/secret-plans')).toBe('/api/*')
    expect(label('/api/anything-at-all')).toBe('/api/*')
    expect(label('/admin/collections/articles/12')).toBe('/admin/*')
    expect(label('/admin')).toBe('/admin/*')
    expect(label('/_next/static/chunks/abc.js')).toBe('/_next/*')
    expect(label('/docs')).toBe('/docs/*')
    expect(label('/')).toBe('/')
    expect(label('/wp-login.php')).toBe('other')
    expect(label('/a/very/deep/' + 'x/'.repeat(100))).toBe('other')
  })

  it('keeps the set of labels bounded whatever the paths', () => {
    const labels = new Set<string>()
    for (let index = 0; index < 2_000; index++) {
      labels.add(label(`/api/v1/articles/${index}`))
      labels.add(label(`/random-${index}/${index}`))
      labels.add(label(`/api/v1/articles/${index}/x${index}`))
    }
    expect([...labels].sort()).toEqual(['/api/*', '/api/v1/articles/:id', 'other'])
  })
})
