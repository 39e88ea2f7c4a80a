import { describe, expect, it } from 'vitest'

import {
  headerValuePattern,
  httpUrlPattern,
  isHttpUrl,
  validateEndpointUrl,
  validateEvents,
  validateHeaders,
} from './validateSubscription'

describe('httpUrlPattern (the reference shows it)', () => {
  const documented = new RegExp(httpUrlPattern)
  const label = 'a'.repeat(70)

  it.each([
    'https://receiver.example.com/webhooks/shop',
    'http://receiver.example.com:8080/hook?tenant=acme#part',
    'https://203.0.113.7/hook',
    'http://[2001:db8::1]/hook',
    'http://[::1]:65535',
    'HTTPS://RECEIVER.EXAMPLE.COM/hook',
    'http://localhost',
    'http://localhost./',
    `http://${label}.example.com/`,
    'http://a-.b-c.d1/%41?x=%20&y=(1)*;:@',
    'http://1.2.3.a/',
    'https://example.com:0/',
  ])('matches %j, which the server accepts', (url) => {
    expect(documented.test(url)).toBe(true)
    expect(isHttpUrl(url)).toBe(true)
  })

  it.each([
    'http://xn--a/',
    'http://xn--zz.example/',
    'http://1.2.3.4.5/',
    'http://256.1.1.1/',
    'http://a:99999/',
    'http://[:::]/',
    'http://a.0x1/',
    'http://example.123/',
    'http://a b/',
    'ftp://example.com/',
    'https://',
    'http://a.b/%zz',
    'http://a.b/<script>',
    'http://user@example.com/',
    ' http://example.com/',
  ])('does not match %j (the server refuses it, or tolerates it unshown)', (url) => {
    expect(documented.test(url)).toBe(false)
  })

  it('matches only what the server accepts, over every host form and suffix combined', () => {
    const hosts = ['example.com', 'a', 'a-', '-a.b', 'a..b', '1.a', '1.2.3.4', '0.0.0.0', '[::1]']
    const hosts2 = ['[1:2:3:4:5:6:7:8]', 'xn--a', 'a.xn--b', '1.2.3.4.5', '1.2', '0x1', 'a.0x1']
    const ports = ['', ':', ':0', ':80', ':65535', ':65536', ':99999']
    const suffixes = ['', '/', '/a/b', '?q=1', '#f', '/%2F', '/%zz', '/a b', "/!$&'()*+,;=:@"]
    for (const scheme of ['http://', 'HTTPS://', 'ftp://', 'http:']) {
      for (const host of [...hosts, ...hosts2]) {
        for (const port of ports) {
          for (const suffix of suffixes) {
            const url = `${scheme}${host}${port}${suffix}`
            if (documented.test(url)) expect(isHttpUrl(url), url).toBe(true)
          }
        }
      }
    }
  })
})

describe('validateEndpointUrl', () => {
  it.each([
    'https://receiver.example.com/webhooks/shop',
    'http://receiver.example.com:8080/hook?tenant=acme',
    'https://203.0.113.7/hook',
    'http://[2001:db8::1]/hook',
    'HTTPS://RECEIVER.EXAMPLE.COM/hook',
  ])('accepts the absolute http(s) URL %j', (url) => {
    expect(isHttpUrl(url)).toBe(true)
    expect(validateEndpointUrl(url)).toBe(true)
  })

  it.each([
    'ftp://receiver.example.com/hook',
    'ws://receiver.example.com/hook',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'mailto:ops@example.com',
    'data:text/plain,hello',
  ])('refuses the URL %j, which is not http or https', (url) => {
    expect(isHttpUrl(url)).toBe(false)
    expect(validateEndpointUrl(url)).toBe(
      'Enter the full address, starting with https:// (for example https://example.com/webhooks)',
    )
  })

  it.each([
    '/webhooks/shop',
    'receiver.example.com/hook',
    '//receiver.example.com/hook',
    'https://',
    '',
  ])('refuses %j, which is not an absolute URL with a host', (url) => {
    expect(isHttpUrl(url)).toBe(false)
    expect(validateEndpointUrl(url)).toMatch(/^Enter the full address.* starting with https:\/\//)
  })

  it('asks for the address when there is none, or what is given is not text', () => {
    for (const value of ['', '   ', undefined, null, 42, { href: 'https://example.com' }]) {
      expect(validateEndpointUrl(value), JSON.stringify(value)).toBe(
        'Enter the full address of your receiver, starting with https://',
      )
    }
  })
})

describe('validateEvents', () => {
  it('accepts a list of event type names, or * for all', () => {
    expect(validateEvents(['order.created'])).toBe(true)
    expect(validateEvents(['order.created', 'article.published'])).toBe(true)
    expect(validateEvents(['*'])).toBe(true)
  })

  it('refuses an empty list, an empty name, and anything but a list of names', () => {
    const message = 'Choose at least one event type (or * for all)'
    for (const value of [
      [],
      [''],
      ['order.created', ''],
      [42],
      [null],
      'order.created',
      null,
      undefined,
      {},
    ]) {
      expect(validateEvents(value), JSON.stringify(value)).toBe(message)
    }
  })
})

describe('validateHeaders', () => {
  it('accepts no headers at all', () => {
    expect(validateHeaders(undefined)).toBe(true)
    expect(validateHeaders(null)).toBe(true)
    expect(validateHeaders({})).toBe(true)
  })

  it('accepts extra headers of single-line string values', () => {
    expect(validateHeaders({ 'X-Tenant': 'acme', Authorization: 'Bearer shared-token' })).toBe(true)
  })

  it('refuses anything but an object of headers', () => {
    for (const value of [['X-Tenant', 'acme'], 'X-Tenant: acme', 42]) {
      expect(validateHeaders(value), JSON.stringify(value)).toBe(
        'Must be an object of header values',
      )
    }
  })

  it.each([
    'webhook-id',
    'webhook-timestamp',
    'webhook-signature',
    'Webhook-Signature',
    'webhook-anything',
    'Host',
    'content-type',
    'Content-Length',
    'Transfer-Encoding',
    'Connection',
    'User-Agent',
  ])('refuses the header %j, which the service owns', (name) => {
    expect(validateHeaders({ [name]: 'forged' })).toBe(
      `Header ${name} cannot be set by a subscription`,
    )
  })

  it.each(['X Tenant', 'X-Tenant:', 'X-Ténant', '', 'X-Tenant\r\nX-Evil'])(
    'refuses %j, which is not a valid header name',
    (name) => {
      expect(validateHeaders({ [name]: 'acme' })).toBe(
        `Header ${name} cannot be set by a subscription`,
      )
    },
  )

  it('headerValuePattern is the single-line rule (the reference shows it)', () => {
    const documented = new RegExp(headerValuePattern)
    for (const value of ['acme', '', 'a b: c']) expect(documented.test(value)).toBe(true)
    for (const value of ['a\nb', 'a\r', '\r\n']) expect(documented.test(value)).toBe(false)
  })

  it.each(['acme\r\nX-Evil: 1', 'acme\nX-Evil: 1', 'acme\r'])(
    'refuses the value %j: a line break would inject headers',
    (value) => {
      expect(validateHeaders({ 'X-Tenant': value })).toBe(
        'Header X-Tenant must be a single-line string',
      )
    },
  )

  it('refuses values that are not strings', () => {
    for (const value of [42, true, null, ['a'], { a: 'b' }]) {
      expect(validateHeaders({ 'X-Tenant': value }), JSON.stringify(value)).toBe(
        'Header X-Tenant must be a single-line string',
      )
    }
  })

  it('refuses the whole set when one header is bad', () => {
    expect(validateHeaders({ 'X-Tenant': 'acme', 'webhook-id': 'forged' })).not.toBe(true)
  })
})
