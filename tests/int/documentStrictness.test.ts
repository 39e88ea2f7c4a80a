import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { setShouldValidateFormat, validate } from '@hyperjump/json-schema/openapi-3-1'
import '@hyperjump/json-schema/formats'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { FakeStripe } from '../helpers/fakeStripe'
import { handInConfig } from '../helpers/testConfig'
import { type WebhookReceiver } from '../helpers/webhookReceiver'
import { rest, restJson } from '../helpers/rest'
import { userWithToken } from '../helpers/identities'
import { createProduct, useFakeStripe } from '../helpers/shop'
import { webhookHarness } from '../helpers/webhookHarness'

// The OpenAPI document says every constraint the server enforces, so that a
// client generated from it sends what the server takes. Each check reads the served document,
// finds the constraint, then sends values the document permits (accepted) and one it does not
// (refused).

type Json = any

const webhooks = webhookHarness()
let payload: Payload
let stripe: FakeStripe
let receiver: WebhookReceiver
let consumer: Record<string, string>
let editor: Record<string, string>
let customer: Record<string, string>
let productId: number

/** The served document, and whether a value matches one of its schemas. */
async function servedDocument() {
  const document: Json = await (await rest('GET', '/api/openapi.json')).json()
  const directory = await mkdtemp(path.join(os.tmpdir(), 'strictness-'))
  const file = path.join(directory, `${Math.random().toString(36).slice(2)}.openapi.json`)
  await writeFile(file, JSON.stringify(document))
  const base = pathToFileURL(file).href
  const operation = (route: string, method: string) => {
    const found = document.paths[route]?.[method]
    if (!found) throw new Error(`${method} ${route} is not documented`)
    return found
  }
  const token = (name: string) =>
    encodeURIComponent(name.replaceAll('~', '~0').replaceAll('/', '~1'))
  const resolve = (schema: Json): Json =>
    schema?.$ref
      ? resolve(
          String(schema.$ref)
            .replace(/^#\//, '')
            .split('/')
            .reduce((node: Json, name) => node[name], document),
        )
      : schema
  return {
    document,
    operation,
    /** The JSON body schema of `method route`, resolved. */
    body: (route: string, method: string) =>
      resolve(operation(route, method).requestBody.content['application/json'].schema),
    /** The parameter `name` of `method route`. */
    parameter: (route: string, method: string, name: string) => {
      const found = operation(route, method).parameters.find(
        (parameter: Json) => parameter.name === name,
      )
      if (!found) throw new Error(`${method} ${route} documents no parameter ${name}`)
      return found
    },
    /** Whether `value` is a valid JSON body of `method route` as documented. */
    async permitsBody(route: string, method: string, value: unknown) {
      const at = ['paths', route, method, 'requestBody', 'content', 'application/json', 'schema']
      return (await validate(`${base}#/${at.map(token).join('/')}`, value as Json, 'FLAG')).valid
    },
    /** Whether `value` is valid for parameter `name` of `method route` as documented. */
    async permitsParameter(route: string, method: string, name: string, value: unknown) {
      const index = operation(route, method).parameters.findIndex(
        (parameter: Json) => parameter.name === name,
      )
      const at = ['paths', route, method, 'parameters', String(index), 'schema']
      return (await validate(`${base}#/${at.map(token).join('/')}`, value as Json, 'FLAG')).valid
    },
  }
}

let doc: Awaited<ReturnType<typeof servedDocument>>

beforeAll(async () => {
  setShouldValidateFormat(true)
  payload = await webhooks.start()
  stripe = await useFakeStripe(payload)
  receiver = await webhooks.receiver()
  consumer = { 'x-api-key': await webhooks.consumerKey('Strict consumer') }
  editor = { authorization: `Bearer ${(await userWithToken(payload, 'editor')).token}` }
  customer = { authorization: `Bearer ${(await userWithToken(payload, 'customer')).token}` }
  productId = (await createProduct(payload, { name: 'Strict lamp', price: 3, stock: 1000 })).id
  doc = await servedDocument()
})

afterAll(async () => {
  await stripe?.stop()
})

describe('webhook subscriptions', () => {
  const route = '/webhooks/subscriptions'
  const subscribe = (body: Record<string, unknown>) =>
    restJson('POST', `/api${route}`, { headers: consumer, body })

  it('endpoint_url: an absolute http(s) URI with a pattern the server agrees with', async () => {
    const schema = doc.body(route, 'post').properties.endpoint_url
    expect(schema).toMatchObject({ type: 'string', format: 'uri', maxLength: 2048 })
    expect(typeof schema.pattern).toBe('string')

    const port = new URL(receiver.url('/')).port
    for (const url of [
      `http://127.0.0.1:${port}/strict`,
      `HTTP://LOCALHOST:${port}/strict?tenant=acme#top`,
      `http://[::1]:${port}/strict/%41`,
    ]) {
      const body = { endpoint_url: url, events: ['*'] }
      expect(await doc.permitsBody(route, 'post', body), url).toBe(true)
      const answer = await subscribe(body)
      expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(201)
    }
    for (const url of ['ftp://127.0.0.1/strict', 'http://1.2.3.4.5/', 'http://xn--a/']) {
      const body = { endpoint_url: url, events: ['*'] }
      expect(await doc.permitsBody(route, 'post', body), url).toBe(false)
      expect((await subscribe(body)).status, url).toBe(400)
    }
  })

  it('headers: the reserved names and multi-line values are refused by the document too', async () => {
    const schema = doc.body(route, 'post').properties.headers
    expect(schema.propertyNames.pattern).toEqual(expect.any(String))
    expect(schema.additionalProperties.pattern).toEqual(expect.any(String))
    const endpoint_url = receiver.url('/strict-headers')

    const allowed = { 'X-Tenant': 'acme', Authorization: 'Bearer shared', 'x-webhook': 'ok' }
    expect(
      await doc.permitsBody(route, 'post', { endpoint_url, events: ['*'], headers: allowed }),
    ).toBe(true)
    expect((await subscribe({ endpoint_url, events: ['*'], headers: allowed })).status).toBe(201)

    for (const name of [
      'Content-Type',
      'content-length',
      'TRANSFER-ENCODING',
      'Connection',
      'host',
      'User-Agent',
      'webhook-signature',
      'Webhook-Id',
      'WEBHOOK-anything',
      'X Tenant',
      '',
    ]) {
      const body = { endpoint_url, events: ['*'], headers: { [name]: 'forged' } }
      expect(await doc.permitsBody(route, 'post', body), name).toBe(false)
      expect((await subscribe(body)).status, name).toBe(400)
    }
    const multiLine = { endpoint_url, events: ['*'], headers: { 'X-Tenant': 'a\r\nX-Evil: 1' } }
    expect(await doc.permitsBody(route, 'post', multiLine)).toBe(false)
    expect((await subscribe(multiLine)).status).toBe(400)
  })

  it('events: the names are data, so the document describes them and documents the 422', async () => {
    const items = doc.body(route, 'post').properties.events.items
    expect(items.description).toMatch(/GET \/webhooks\/event-types/)
    expect(items.description).toMatch(/422/)
    expect(items.description).toContain('`order.created`')
    expect(Object.keys(doc.operation(route, 'post').responses)).toContain('422')
    expect(Object.keys(doc.operation('/webhooks/subscriptions/{id}', 'patch').responses)).toContain(
      '422',
    )
  })
})

describe('articles', () => {
  it('include and fields: patterns of the allowed names, comma-separated', async () => {
    const include = doc.parameter('/api/v1/articles', 'get', 'include')
    // Empty is allowed: `include=` asks for nothing, as leaving it out does.
    expect(include.schema.pattern).toBe('^(?:(?:author|tags)(?:,(?:author|tags))*)?$')
    const fields = doc.parameter('/api/v2/articles', 'get', 'fields')
    expect(fields.schema.pattern).toMatch(/^\^\(\?:\(\?:id\|title\|/)

    for (const value of ['author', 'tags,author', 'author,tags,tags']) {
      expect(await doc.permitsParameter('/api/v1/articles', 'get', 'include', value)).toBe(true)
      const answer = await rest('GET', `/api/v1/articles?include=${value}`, { headers: editor })
      expect(answer.status, value).toBe(200)
    }
    for (const value of ['comments', 'author,secret', 'author;tags']) {
      expect(await doc.permitsParameter('/api/v1/articles', 'get', 'include', value)).toBe(false)
      const answer = await rest('GET', `/api/v1/articles?include=${value}`, { headers: editor })
      expect(answer.status, value).toBe(400)
    }
    for (const value of ['title', 'id,title,created_at']) {
      expect(await doc.permitsParameter('/api/v2/articles', 'get', 'fields', value)).toBe(true)
      expect(
        (await rest('GET', `/api/v2/articles?fields=${value}`, { headers: editor })).status,
      ).toBe(200)
    }
    expect(await doc.permitsParameter('/api/v2/articles', 'get', 'fields', 'password')).toBe(false)
    expect(
      (await rest('GET', '/api/v2/articles?fields=password', { headers: editor })).status,
    ).toBe(400)
  })

  it('page and after_id: each says it never goes with the other', async () => {
    for (const name of ['page', 'per_page', 'after_id', 'limit']) {
      const parameter = doc.parameter('/api/v1/articles', 'get', name)
      expect(parameter.description, name).toMatch(/never together/i)
    }
    expect(
      (await rest('GET', '/api/v1/articles?page=1&after_id=1', { headers: editor })).status,
    ).toBe(400)
  })

  it('title: blank text is refused by the document as by the server', async () => {
    const title = doc.body('/api/v1/articles', 'post').properties.title
    expect(title.pattern).toBe('\\S')
  })
})

describe('shop', () => {
  const address = {
    name: 'Ivan',
    line1: 'Tverskaya 1',
    city: 'Moscow',
    postal_code: '125009',
    country: 'RU',
  }
  const guestCart = (shippingAddress: Record<string, unknown> = address) => ({
    items: [{ productId, quantity: 1 }],
    customerEmail: 'strict@example.com',
    shippingAddress,
  })

  it('country: the ISO 3166-1 alpha-2 codes as an enum', async () => {
    const schema = doc.body('/api/orders/checkout', 'post').properties.shippingAddress.properties
      .country
    expect(schema.enum).toEqual(expect.arrayContaining(['RU', 'DE', 'US', 'GB']))
    expect(schema.enum).not.toContain('XX')
    expect(schema.enum).not.toContain('EU')
    expect(schema.enum).not.toContain('UK')
    for (const country of ['DE', 'JP', schema.enum[0], schema.enum.at(-1)]) {
      const body = guestCart({ ...address, country })
      expect(await doc.permitsBody('/api/orders/checkout', 'post', body), country).toBe(true)
      const answer = await restJson('POST', '/api/orders/checkout', { body })
      expect(answer.status, `${country}: ${JSON.stringify(answer.body)}`).toBe(201)
    }
    const body = guestCart({ ...address, country: 'XX' })
    expect(await doc.permitsBody('/api/orders/checkout', 'post', body)).toBe(false)
    expect((await restJson('POST', '/api/orders/checkout', { body })).status).toBe(400)
  })

  it('address lines: blank text is refused by the document as by the server', async () => {
    const body = guestCart({ ...address, city: '   ' })
    expect(await doc.permitsBody('/api/orders/checkout', 'post', body)).toBe(false)
    expect((await restJson('POST', '/api/orders/checkout', { body })).status).toBe(400)
  })

  it('checkout: the document describes the variant this deployment serves', async () => {
    const guest = doc.operation('/api/orders/checkout', 'post')
    expect(guest.requestBody.content['application/json'].schema.$ref).toMatch(/GuestCheckout$/)
    expect(Object.keys(guest.responses)).not.toContain('401')
    const memberCart = {
      items: [{ product_id: productId, quantity: 1 }],
      shipping_address: address,
      payment_method: 'card',
    }
    expect(await doc.permitsBody('/api/orders/checkout', 'post', memberCart)).toBe(false)
    expect((await restJson('POST', '/api/orders/checkout', { body: memberCart })).status).toBe(400)

    const restore = handInConfig(payload, { CHECKOUT_REQUIRE_AUTH: 'true' })
    try {
      const served = await servedDocument()
      const member = served.operation('/api/orders/checkout', 'post')
      expect(member.requestBody.content['application/json'].schema.$ref).toMatch(
        /AuthenticatedCheckout$/,
      )
      expect(Object.keys(member.responses)).toEqual(expect.arrayContaining(['201', '401', '500']))
      expect(Object.keys(member.responses)).not.toContain('502')
      expect(await served.permitsBody('/api/orders/checkout', 'post', memberCart)).toBe(true)
      const placed = await restJson('POST', '/api/orders/checkout', {
        headers: customer,
        body: memberCart,
      })
      expect(placed.status, JSON.stringify(placed.body)).toBe(201)
      expect(await served.permitsBody('/api/orders/checkout', 'post', guestCart())).toBe(false)
      const refused = await restJson('POST', '/api/orders/checkout', {
        headers: customer,
        body: guestCart(),
      })
      expect(refused.status).toBe(400)
    } finally {
      restore()
    }
  })

  it('Stripe-Signature: an empty header is outside the document and refused', async () => {
    const signature = doc.parameter('/api/orders/webhook/stripe', 'post', 'Stripe-Signature')
    expect(signature).toMatchObject({
      required: true,
      schema: { type: 'string', pattern: expect.stringContaining('t=') },
    })
    expect(
      await doc.permitsParameter('/api/orders/webhook/stripe', 'post', 'Stripe-Signature', ''),
    ).toBe(false)
    const answer = await restJson('POST', '/api/orders/webhook/stripe', {
      headers: { 'stripe-signature': '' },
      rawBody: '{}',
    })
    expect(answer.status).toBe(400)
  })
})

describe('contact', () => {
  it('name and message: blank text is refused by the document as by the server', async () => {
    const body = { name: '  ', email: 'grace@example.com', message: 'Hello' }
    expect(await doc.permitsBody('/api/contact', 'post', body)).toBe(false)
    expect((await restJson('POST', '/api/contact', { body })).status).toBe(400)
    const fine = { ...body, name: ' Grace ' }
    expect(await doc.permitsBody('/api/contact', 'post', fine)).toBe(true)
    expect((await restJson('POST', '/api/contact', { body: fine })).status).toBe(200)
  })
})
