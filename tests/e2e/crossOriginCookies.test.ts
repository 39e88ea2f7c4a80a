import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { seedCredentials } from '../../seed/identities'
import { adminToken, api, buyerAddress } from './api'
import { launchBrowser } from './browser'
import { logInThroughForm } from './editorSession'

// An admin signed in to the admin panel, then a page of another origin open in the same
// browser: 127.0.0.1 on another port, the same site as the app (so `SameSite=Lax` lets the
// browser send the admin's cookie with its requests), not the same origin. Before: the app's
// server took the cookie whatever the Origin (a form from that page made a new admin, 201).

const baseUrl = inject('baseUrl')
const credentials = seedCredentials()
let other: Server
let otherUrl: string
let browser: Awaited<ReturnType<typeof launchBrowser>>
/** A picture to upload, base64 (made on the spot). */
let picture: string

beforeAll(async () => {
  other = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end('<!doctype html><html><head><title>Another site</title></head><body>Hi</body></html>')
  })
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
  browser = await launchBrowser({ alsoApps: [otherUrl] })
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#39c' } })
    .png()
    .toBuffer()
  picture = png.toString('base64')
})

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => other?.close(resolve))
})

/** A paid order of the demo mug, paid on the payment sandbox's page (so it can be refunded). */
async function paidOrder(token: string) {
  const products = await api('/api/products?where[slug][equals]=enamel-mug', {})
  const placed = await api('/api/orders/checkout', {
    method: 'POST',
    body: {
      items: [{ productId: products.body.docs[0].id, quantity: 1 }],
      customerEmail: 'cross-origin-buyer@example.com',
      shippingAddress: buyerAddress,
    },
  })
  expect(placed.status).toBe(201)
  const paid = await fetch(`${placed.body.paymentUrl}/pay`, { method: 'POST', redirect: 'manual' })
  expect(paid.status).toBe(303)
  const orderId = placed.body.orderId as number
  expect((await api(`/api/orders/${orderId}`, { token })).body.status).toBe('paid')
  return orderId
}

type Sent = { status: number; body: string }

/**
 * What a page sends the app with the browser's cookies: a form's multipart body (`_payload`,
 * and `file`), a `text/plain` body, or JSON. A page of another origin cannot read the answer
 * (`no-cors`): the status is taken from the browser's network record.
 */
async function send(
  page: Page,
  request: {
    method: string
    path: string
    form?: Record<string, unknown>
    withFile?: boolean
    text?: string
    json?: unknown
  },
): Promise<Sent> {
  const url = `${baseUrl}${request.path}`
  const answer = page.waitForResponse(
    (response) => response.url() === url && response.request().method() === request.method,
  )
  await page.evaluate(
    async ({ url, request, isSameOrigin, picture }) => {
      let body: BodyInit | undefined
      const headers: Record<string, string> = {}
      if (request.form) {
        const form = new FormData()
        form.set('_payload', JSON.stringify(request.form))
        if (request.withFile) {
          const png = Uint8Array.from(atob(picture), (c) => c.charCodeAt(0))
          form.set('file', new Blob([png], { type: 'image/png' }), 'cross-origin.png')
        }
        body = form
      } else if (request.text !== undefined) {
        headers['content-type'] = 'text/plain'
        body = request.text
      } else if (request.json !== undefined) {
        headers['content-type'] = 'application/json'
        body = JSON.stringify(request.json)
      }
      await fetch(url, {
        method: request.method,
        body,
        headers,
        credentials: 'include',
        mode: isSameOrigin ? 'same-origin' : 'no-cors',
      })
    },
    { url, request, isSameOrigin: page.url().startsWith(baseUrl), picture },
  )
  const response = await answer
  return { status: response.status(), body: await response.text().catch(() => '') }
}

describe("an admin's session", () => {
  it('works in the admin panel as before, and the same actions from a page of another origin are refused', async () => {
    const token = await adminToken()
    const authors = await api('/api/authors?limit=1&depth=0', { token })
    const author = authors.body.docs[0].id as number
    const stamp = Date.now().toString(36)
    // One browser context, one cookie jar: the panel's page and, later, another site's.
    const context = await browser.newContext()
    const panel = await context.newPage()
    await logInThroughForm(panel, credentials.adminEmail, credentials.adminPassword)
    await panel.goto(`${baseUrl}/admin/collections/articles`)

    // From the admin panel: create, save, publish, upload, refund, as its forms send them.
    const created = await send(panel, {
      method: 'POST',
      path: '/api/articles?draft=true',
      form: { title: `Own ${stamp}`, slug: `own-${stamp}`, author, _status: 'draft' },
    })
    expect(created.status).toBe(201)
    const articleId = JSON.parse(created.body).doc.id as number
    const saved = await send(panel, {
      method: 'PATCH',
      path: `/api/articles/${articleId}?draft=true`,
      form: { excerpt: 'Saved from the panel' },
    })
    expect(saved.status).toBe(200)
    const published = await send(panel, {
      method: 'PATCH',
      path: `/api/articles/${articleId}`,
      form: { _status: 'published' },
    })
    expect(published.status).toBe(200)
    const uploaded = await send(panel, {
      method: 'POST',
      path: '/api/media',
      form: { alt: `Own upload ${stamp}` },
      withFile: true,
    })
    expect(uploaded.status).toBe(201)
    const ownOrder = await paidOrder(token)
    const refunded = await send(panel, {
      method: 'POST',
      path: `/api/orders/${ownOrder}/refund`,
      json: { amount: 100, reason: 'From the panel' },
    })
    expect(refunded.status).toBe(202)
    // Recorded when the payment sandbox confirms it (its refund event).
    await expect
      .poll(async () => (await api(`/api/orders/${ownOrder}`, { token })).body.refunded_amount, {
        timeout: 15_000,
      })
      .toBe(1)

    // The same browser, the same cookie, a page of another origin.
    const elsewhere = await context.newPage()
    await elsewhere.goto(otherUrl)
    const order = await paidOrder(token)
    const attempts = {
      create: await send(elsewhere, {
        method: 'POST',
        path: '/api/articles?draft=true',
        form: { title: `Forged ${stamp}`, slug: `forged-${stamp}`, author, _status: 'draft' },
      }),
      publish: await send(elsewhere, {
        method: 'POST',
        path: '/api/articles',
        form: {
          title: `Forged live ${stamp}`,
          slug: `forged-live-${stamp}`,
          author,
          _status: 'published',
        },
      }),
      upload: await send(elsewhere, {
        method: 'POST',
        path: '/api/media',
        form: { alt: `Forged upload ${stamp}` },
        withFile: true,
      }),
      refund: await send(elsewhere, {
        method: 'POST',
        path: `/api/orders/${order}/refund`,
        text: JSON.stringify({ amount: 100, reason: 'Forged' }),
      }),
      newAdmin: await send(elsewhere, {
        method: 'POST',
        path: '/api/users',
        form: {
          email: `forged-${stamp}@example.com`,
          password: 'forged-password-1',
          role: 'admin',
        },
      }),
      adminAction: await send(elsewhere, {
        method: 'POST',
        path: '/api/admin-action',
        text: JSON.stringify({ action: 'forged' }),
      }),
    }
    expect(
      Object.fromEntries(Object.entries(attempts).map(([name, sent]) => [name, sent.status])),
    ).toEqual({
      create: 403,
      publish: 403,
      upload: 403,
      refund: 403,
      newAdmin: 403,
      adminAction: 403,
    })
    // Saving (PATCH) cannot even be sent from there: the browser asks first, and the app's CORS
    // answer lets no other origin send its cookies.
    const save = await elsewhere.evaluate(
      async ({ url }) =>
        fetch(url, {
          method: 'PATCH',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ excerpt: 'Forged save' }),
        }).then(
          (response) => response.status,
          () => 'not sent',
        ),
      { url: `${baseUrl}/api/articles/${articleId}` },
    )
    expect(save).toBe('not sent')

    // Nothing of it happened.
    const forged = await api(
      `/api/articles?where[slug][like]=forged-&depth=0&draft=true&limit=10`,
      { token },
    )
    expect(forged.body.docs.filter((doc: { slug: string }) => doc.slug.includes(stamp))).toEqual([])
    const article = await api(`/api/articles/${articleId}?depth=0`, { token })
    expect(article.body.excerpt).toBe('Saved from the panel')
    const media = await api(
      `/api/media?where[alt][equals]=${encodeURIComponent(`Forged upload ${stamp}`)}`,
      { token },
    )
    expect(media.body.docs).toEqual([])
    expect((await api(`/api/orders/${order}`, { token })).body).toMatchObject({
      status: 'paid',
      refunded_amount: 0,
    })
    const users = await api(
      `/api/users?where[email][equals]=${encodeURIComponent(`forged-${stamp}@example.com`)}`,
      { token },
    )
    expect(users.body.docs).toEqual([])
  })
})
