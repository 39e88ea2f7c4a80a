import { describe, expect, it } from 'vitest'

import { isPortalPage, portalPageHeaders } from './portalPagePolicy'

const directives = (headers: Record<string, string>) =>
  new Map(
    headers['content-security-policy']!.split('; ').map((directive) => {
      const [name, ...values] = directive.split(' ')
      return [name, values]
    }),
  )

describe('the headers of a portal page', () => {
  it('lets only scripts carrying the nonce run, and nothing load from another host', () => {
    const csp = directives(
      portalPageHeaders({ nonce: 'abc', frameAncestors: [], isDevelopment: false }),
    )
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"])
    expect(csp.get('style-src')).toEqual(["'self'"])
    expect(csp.get('connect-src')).toEqual(["'self'"])
    expect(csp.get('default-src')).toEqual(["'self'"])
  })

  it('refuses every frame unless embedders are configured, then only those', () => {
    const alone = portalPageHeaders({ nonce: 'n', frameAncestors: [], isDevelopment: false })
    expect(directives(alone).get('frame-ancestors')).toEqual(["'none'"])
    expect(alone['x-frame-options']).toBe('DENY')
    const embedded = portalPageHeaders({
      nonce: 'n',
      frameAncestors: ['https://dashboard.example', 'https://admin.example'],
      isDevelopment: false,
    })
    expect(directives(embedded).get('frame-ancestors')).toEqual([
      'https://dashboard.example',
      'https://admin.example',
    ])
    expect(embedded['x-frame-options']).toBeUndefined()
  })

  it('sends no Referer from a portal page', () => {
    expect(
      portalPageHeaders({ nonce: 'n', frameAncestors: [], isDevelopment: false })[
        'referrer-policy'
      ],
    ).toBe('no-referrer')
  })

  it('allows eval and inline styles under next dev only', () => {
    const development = directives(
      portalPageHeaders({ nonce: 'n', frameAncestors: [], isDevelopment: true }),
    )
    expect(development.get('script-src')).toContain("'unsafe-eval'")
    expect(development.get('style-src')).toContain("'unsafe-inline'")
  })

  it('knows the portal paths', () => {
    expect(isPortalPage('/portal')).toBe(true)
    expect(isPortalPage('/portal/endpoints/1')).toBe(true)
    expect(isPortalPage('/portals')).toBe(false)
    expect(isPortalPage('/api/portal')).toBe(false)
  })
})
