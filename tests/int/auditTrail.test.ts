import { randomBytes } from 'node:crypto'

import config from '@payload-config'
import { createLocalReq, initTransaction, killTransaction, type Payload } from 'payload'
import sharp from 'sharp'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import type { AuditLog, User } from '../../src/payload-types'
import { seedWebhookEventTypes } from '../../seed/webhooks'
import { runDueJobs } from '../../src/lifecycle/operations/startJobRunner'
import { checkoutSessionEvent, signedWebhook, type FakeStripe } from '../helpers/fakeStripe'
import { consumerWithKey, userWithToken, type UserWithToken } from '../helpers/identities'
import { rest, restJson } from '../helpers/rest'
import { address, createProduct, shopHarness } from '../helpers/shop'

// The audit trail (issue 50, item 3): every change by a person, a key or the system's work,
// every login and logout, and the operations that are not collection writes, each one entry
// with its actor, target and changed fields, in the change's own transaction.

const store = shopHarness()
let payload: Payload
let stripe: FakeStripe
let admin: UserWithToken
const stripeSecret = 'whsec_test_secret'
const unique = () => randomBytes(4).toString('hex')

beforeAll(async () => {
  ;({ payload, stripe } = await store.start())
  await seedWebhookEventTypes(payload)
  admin = await userWithToken(payload, 'admin')
})

beforeEach(() => {
  stripe.sendEventsTo(deliver)
  stripe.setRefundStatusOnCreate('succeeded')
})

/** The entries about one document, oldest first. */
async function entriesOf(collection: string, id: number | string): Promise<AuditLog[]> {
  const { docs } = await payload.find({
    collection: 'audit-log',
    where: { targetCollection: { equals: collection }, targetId: { equals: String(id) } },
    sort: 'id',
    depth: 0,
    limit: 0,
  })
  return docs
}

const bearer = (user: UserWithToken) => ({ authorization: `Bearer ${user.token}` })

async function deliver(event: object) {
  const { payload: body, signature } = signedWebhook(event, stripeSecret)
  const response = await restJson('POST', '/api/orders/webhook/stripe', {
    rawBody: body,
    headers: { 'stripe-signature': signature },
  })
  expect(response.status).toBe(200)
}

describe('what the issue measured (finding 3)', () => {
  it('records logins (success and failure), a logout, a role change, a portal opened by an admin, a refund and the admin action', async () => {
    const customer = await userWithToken(payload, 'customer')
    const fromAddress = { 'x-forwarded-for': '203.0.113.7' }

    const login = await restJson('POST', '/api/users/login', {
      headers: fromAddress,
      body: { email: customer.email, password: customer.password },
    })
    expect(login.status).toBe(200)
    const wrong = await restJson('POST', '/api/users/login', {
      headers: fromAddress,
      body: { email: customer.email, password: 'not-the-password' },
    })
    expect(wrong.status).toBe(401)
    const logout = await restJson('POST', '/api/users/logout', {
      headers: { authorization: `Bearer ${login.body.token}` },
    })
    expect(logout.status).toBe(200)

    const logins = await entriesOf('users', customer.user.id)
    expect(logins.map((entry) => entry.action)).toEqual(['login', 'login', 'logout'])
    expect(logins[1]).toMatchObject({
      actorType: 'user',
      user: customer.user.id,
      via: 'password',
      clientAddress: '203.0.113.7',
      source: 'recorded',
    })
    const { docs: failed } = await payload.find({
      collection: 'audit-log',
      where: { action: { equals: 'login-failed' }, actorName: { equals: customer.email } },
    })
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({ actorType: 'anonymous', clientAddress: '203.0.113.7' })
    expect(JSON.stringify(failed[0])).not.toContain('not-the-password')

    const promoted = await restJson('PATCH', `/api/users/${customer.user.id}`, {
      headers: bearer(admin),
      body: { role: 'editor' },
    })
    expect(promoted.status).toBe(200)
    const roleChange = (await entriesOf('users', customer.user.id)).at(-1)!
    expect(roleChange).toMatchObject({
      action: 'role-change',
      actorType: 'user',
      user: admin.user.id,
      changes: { role: { from: 'customer', to: 'editor' } },
    })
    expect(roleChange.via).toMatch(/^session /)

    const { consumer } = await consumerWithKey(payload, 'Portal opened')
    const opened = await rest('POST', `/api/consumers/${consumer.id}/portal-link`, {
      headers: bearer(admin),
      body: {},
    })
    expect(opened.status).toBe(201)
    expect((await entriesOf('consumers', consumer.id)).at(-1)).toMatchObject({
      action: 'portal-open',
      user: admin.user.id,
      data: { openedBy: `admin:${admin.user.id}` },
    })

    const order = await paidOrder()
    const refunded = await restJson('POST', `/api/orders/${order}/refund`, {
      headers: bearer(admin),
      body: { amount: 1000, reason: 'Damaged' },
    })
    expect(refunded.status).toBe(202)
    const orderEntries = await entriesOf('orders', order)
    // Placed by a guest, paid by Stripe's event (the system's change), refunded by the admin.
    expect(orderEntries[0]).toMatchObject({ action: 'create', actorType: 'anonymous' })
    expect(orderEntries.find((entry) => entry.action === 'update')).toMatchObject({
      actorType: 'system',
      via: 'Stripe webhook',
      changes: { status: { from: 'pending', to: 'paid' } },
    })
    expect(orderEntries.at(-1)).toMatchObject({
      action: 'refund',
      user: admin.user.id,
      data: { amount: 1000, reason: 'Damaged' },
    })

    const action = await restJson('POST', '/api/admin-action', {
      headers: bearer(admin),
      body: { action: 'publish', note: 'posing as a publication' },
    })
    expect(action.status).toBe(200)
    const { docs: posted } = await payload.find({
      collection: 'audit-log',
      where: { action: { equals: 'publish' }, user: { equals: admin.user.id } },
    })
    expect(posted).toHaveLength(1)
    expect(posted[0]).toMatchObject({ source: 'caller-given', targetCollection: null })
  })

  it('records a password reset and its request, without the token or the password', async () => {
    const customer = await userWithToken(payload, 'customer')
    const token = await payload.forgotPassword({
      collection: 'users',
      data: { email: customer.email },
      disableEmail: true,
    })
    const password = `pw-${unique()}-reset`
    await payload.resetPassword({
      collection: 'users',
      data: { token, password },
      overrideAccess: true,
    })
    const { docs } = await payload.find({
      collection: 'audit-log',
      where: {
        actorName: { equals: customer.email },
        action: { in: ['password-reset-requested', 'password-reset'] },
      },
      sort: 'id',
    })
    expect(docs.map((entry) => entry.action)).toEqual([
      'password-reset-requested',
      'password-reset',
    ])
    expect(docs[1]).toMatchObject({
      targetId: String(customer.user.id),
      changes: { password: { hidden: 'secret' } },
    })
    const text = JSON.stringify(docs)
    expect(text).not.toContain(token)
    expect(text).not.toContain(password)
  })

  it('records a secret rotation without the secret', async () => {
    const { apiKey } = await consumerWithKey(payload, 'Rotating')
    const created = await restJson('POST', '/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: 'https://hooks.example.com/in', events: ['order.paid'] },
    })
    expect(created.status).toBe(201)
    const rotated = await restJson(
      'POST',
      `/webhooks/subscriptions/${created.body.id}/rotate-secret`,
      {
        headers: { 'x-api-key': apiKey },
      },
    )
    expect(rotated.status).toBe(200)
    const entries = await entriesOf('webhook-subscriptions', created.body.id)
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'secret-rotation'])
    expect(entries[1]).toMatchObject({
      actorType: 'consumer',
      via: 'X-API-Key',
      changes: { secret: { hidden: 'secret' } },
    })
    const text = JSON.stringify(entries)
    expect(text).not.toContain(rotated.body.secret)
    expect(text).not.toContain(created.body.secret)
    expect(text).not.toContain(apiKey)
  })
})

describe("an administrator's word on a consumer (issue 49)", () => {
  it('records suspending and lifting a subscription and a consumer, and a change of grants, by their names', async () => {
    const { consumer, apiKey } = await consumerWithKey(payload, 'Suspended integrator')
    const created = await restJson('POST', '/webhooks/subscriptions', {
      headers: { 'x-api-key': apiKey },
      body: { endpoint_url: 'https://hooks.example.com/in', events: ['article.published'] },
    })
    expect(created.status).toBe(201)
    const asAdmin = (path: string, body: object) =>
      restJson('PATCH', path, { headers: bearer(admin), body })
    const subscriptionPath = `/api/webhook-subscriptions/${created.body.id}`
    const consumerPath = `/api/consumers/${consumer.id}`
    for (const [path, body] of [
      [subscriptionPath, { suspended: true, suspensionReason: 'Endpoint serves malware' }],
      [subscriptionPath, { suspended: false }],
      [consumerPath, { suspended: true, suspensionReason: 'Contract ended' }],
      [consumerPath, { suspended: false }],
      [consumerPath, { grants: ['content', 'orders'] }],
    ] as const) {
      const answer = await asAdmin(path, body)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    }

    const byAdmin = { actorType: 'user', user: admin.user.id, source: 'recorded' }
    const subscriptionEntries = await entriesOf('webhook-subscriptions', created.body.id)
    expect(subscriptionEntries.slice(-2).map((entry) => entry.action)).toEqual([
      'suspend',
      'end-suspension',
    ])
    expect(subscriptionEntries.at(-2)).toMatchObject({
      ...byAdmin,
      changes: { suspensionReason: { from: null, to: 'Endpoint serves malware' } },
    })
    const consumerEntries = await entriesOf('consumers', consumer.id)
    expect(consumerEntries.slice(-3).map((entry) => entry.action)).toEqual([
      'suspend',
      'end-suspension',
      'grant-change',
    ])
    expect(consumerEntries.at(-3)).toMatchObject({
      ...byAdmin,
      changes: { suspensionReason: { from: null, to: 'Contract ended' } },
    })
    expect(consumerEntries.at(-1)).toMatchObject({
      ...byAdmin,
      changes: { grants: { to: ['content', 'orders'] } },
    })
  })
})

/** A paid order (checkout, then Stripe's completion event); returns its id. */
async function paidOrder(): Promise<number> {
  const product = await createProduct(payload, { stock: 5, price: 790 })
  const placed = await restJson('POST', '/api/orders/checkout', {
    body: {
      items: [{ productId: product.id, quantity: 2 }],
      customerEmail: 'audited@example.com',
      shippingAddress: address,
    },
  })
  expect(placed.status).toBe(201)
  const pending = await payload.findByID({ collection: 'orders', id: placed.body.orderId })
  const session = stripe.completeSession(pending.stripeSessionId!)
  await deliver(
    checkoutSessionEvent('checkout.session.completed', session, {
      paymentIntent: session.payment_intent as string,
    }),
  )
  return pending.id
}

/** A write the walk makes as the admin, through the Local API under the admin's access. */
type Walk = {
  /** Creates the document as the admin; without it the document is made by the system. */
  create: (as: AdminUser | undefined) => Promise<{ id: number | string }>
  /** Whether the admin made it (an entry expected) or the system did (none expected). */
  isCreatedByAdmin: boolean
  /** An update the admin makes, and the field it changes (absent: nobody may update). */
  update?: { data: Record<string, unknown>; field: string }
  /** Whether the admin may delete it. */
  isDeletable: boolean
}

type AdminUser = User & { collection: 'users' }

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#08f' } })
    .png()
    .toBuffer()

/** One walk per collection the running configuration has, or why nobody writes it. */
function walks(): Record<string, Walk | string> {
  const as = (user: AdminUser | undefined) => (user ? { user, overrideAccess: false as const } : {})
  const tag = unique
  const author = async () =>
    (await payload.create({ collection: 'authors', data: { name: `Author ${tag()}` } })).id
  return {
    articles: {
      create: async (user) =>
        payload.create({
          collection: 'articles',
          draft: true,
          data: { title: `Draft ${tag()}`, slug: `draft-${tag()}`, author: await author() },
          ...as(user),
        }),
      isCreatedByAdmin: true,
      update: { data: { title: 'Retitled' }, field: 'title' },
      isDeletable: true,
    },
    pages: {
      create: (user) =>
        payload.create({
          collection: 'pages',
          draft: true,
          data: { title: `Page ${tag()}`, slug: `page-${tag()}` },
          ...as(user),
        }),
      isCreatedByAdmin: true,
      update: { data: { title: 'Retitled' }, field: 'title' },
      isDeletable: true,
    },
    releases: {
      create: (user) =>
        payload.create({
          collection: 'releases',
          // The status is the server's (a person's value is dropped): open, as it starts.
          data: { name: `Release ${tag()}`, status: 'open' },
          ...as(user),
        }),
      isCreatedByAdmin: true,
      update: { data: { name: 'Renamed release' }, field: 'name' },
      isDeletable: true,
    },
    authors: {
      create: (user) =>
        payload.create({ collection: 'authors', data: { name: `A ${tag()}` }, ...as(user) }),
      isCreatedByAdmin: true,
      update: { data: { name: 'Renamed' }, field: 'name' },
      isDeletable: true,
    },
    tags: {
      create: (user) => {
        const name = tag()
        return payload.create({ collection: 'tags', data: { name, slug: name }, ...as(user) })
      },
      isCreatedByAdmin: true,
      update: { data: { name: 'renamed' }, field: 'name' },
      isDeletable: true,
    },
    comments: {
      create: async (user) => {
        const article = await payload.create({
          collection: 'articles',
          data: { title: tag(), slug: tag(), author: await author(), _status: 'published' },
        })
        return payload.create({
          collection: 'comments',
          data: { article: article.id, authorName: 'Reader', body: 'Pending.', status: 'pending' },
          ...as(user),
        })
      },
      isCreatedByAdmin: true,
      update: { data: { body: 'Edited.' }, field: 'body' },
      isDeletable: true,
    },
    media: {
      create: async (user) => {
        const data = await png()
        return payload.create({
          collection: 'media',
          data: { alt: `Image ${tag()}` },
          file: { data, mimetype: 'image/png', name: `${tag()}.png`, size: data.length },
          ...as(user),
        })
      },
      isCreatedByAdmin: true,
      update: { data: { alt: 'Described again' }, field: 'alt' },
      isDeletable: true,
    },
    // Inquiries arrive through POST /api/contact (the system stores them); admins handle them.
    inquiries: {
      create: () =>
        payload.create({
          collection: 'inquiries',
          data: { name: 'Sender', email: `${tag()}@example.com`, message: 'Hello', status: 'new' },
        }),
      isCreatedByAdmin: false,
      update: { data: { status: 'handled' }, field: 'status' },
      isDeletable: true,
    },
    users: {
      create: (user) =>
        payload.create({
          collection: 'users',
          data: { email: `${tag()}@example.com`, password: `pw-${tag()}-long`, role: 'customer' },
          ...as(user),
        }),
      isCreatedByAdmin: true,
      update: { data: { name: 'Renamed' }, field: 'name' },
      isDeletable: true,
    },
    consumers: {
      create: (user) =>
        payload.create({
          collection: 'consumers',
          data: { name: `Consumer ${tag()}`, email: `${tag()}@integrator.test` },
          ...as(user),
        }),
      isCreatedByAdmin: true,
      update: { data: { name: 'Renamed' }, field: 'name' },
      isDeletable: true,
    },
    products: {
      create: (user) =>
        payload.create({
          collection: 'products',
          data: { name: `P ${tag()}`, slug: `p-${tag()}`, price: 10, stock: 3, active: true },
          ...as(user),
        }),
      isCreatedByAdmin: true,
      update: { data: { price: 12 }, field: 'price' },
      isDeletable: true,
    },
    // A ledger: written once, never changed or removed.
    'stock-adjustments': {
      create: async (user) =>
        payload.create({
          collection: 'stock-adjustments',
          data: { product: (await createProduct(payload)).id, delta: 1, reason: 'Counted' },
          ...as(user),
        }),
      isCreatedByAdmin: true,
      isDeletable: false,
    },
    // Orders are placed by checkout (a guest here, the `finding 3` test) and change state by
    // the admin's hand or the system's.
    orders: {
      create: async () => ({ id: await paidOrder() }),
      isCreatedByAdmin: false,
      update: { data: { status: 'shipped' }, field: 'status' },
      isDeletable: false,
    },
    'webhook-subscriptions': {
      create: async () => {
        const { apiKey } = await consumerWithKey(payload, 'Subscriber')
        const created = await restJson('POST', '/webhooks/subscriptions', {
          headers: { 'x-api-key': apiKey },
          body: { endpoint_url: 'https://hooks.example.com/in', events: ['order.paid'] },
        })
        return { id: created.body.id as string }
      },
      // Made by the consumer (recorded, but not the admin's: the walk checks the admin's).
      isCreatedByAdmin: false,
      update: { data: { description: 'Described' }, field: 'description' },
      isDeletable: true,
    },
    'webhook-event-types': {
      create: (user) =>
        payload.create({
          collection: 'webhook-event-types',
          data: { name: `walk.e${tag()}`, description: 'Walked' },
          ...as(user),
        }),
      isCreatedByAdmin: true,
      update: { data: { description: 'Walked again' }, field: 'description' },
      isDeletable: true,
    },
    'payload-locked-documents': {
      create: async (user) =>
        payload.create({
          collection: 'payload-locked-documents',
          data: {
            document: { relationTo: 'authors', value: await author() },
            user: { relationTo: 'users', value: admin.user.id },
          },
          ...as(user),
        }),
      isCreatedByAdmin: true,
      isDeletable: true,
    },
    'payload-preferences': {
      create: (user) =>
        payload.create({
          collection: 'payload-preferences',
          data: {
            key: `walk-${tag()}`,
            user: { relationTo: 'users', value: admin.user.id },
            value: { columns: [] },
          },
          ...as(user),
        }),
      isCreatedByAdmin: true,
      update: { data: { value: { columns: ['title'] } }, field: 'value' },
      isDeletable: true,
    },
    'audit-log': 'append-only: nobody writes it through Payload (tests/int/adminAction.test.ts)',
    'stripe-events': "written by Stripe's webhook only",
    'webhook-deliveries': 'written by the webhook engine only',
    'payload-migrations': 'written by `npm run migrate` only',
    'payload-jobs': 'written by the queue; a scheduled publication is walked below',
    'payload-kv': "Payload's own store, closed to everyone",
  }
}

describe('every collection', () => {
  it('records each create, update and delete by a person once, with the actor and the fields', async () => {
    const resolved = await config
    const table = walks()
    const slugs = resolved.collections.map((collection) => collection.slug)
    expect(slugs.filter((slug) => !(slug in table))).toEqual([])
    const user: AdminUser = { ...admin.user, collection: 'users' }
    const byAdmin = { actorType: 'user', user: admin.user.id, source: 'recorded' }

    for (const slug of slugs) {
      const walk = table[slug]
      if (walk === undefined || typeof walk === 'string') continue
      const collection = slug as 'authors'
      const doc = await walk.create(walk.isCreatedByAdmin ? user : undefined)
      const created = await entriesOf(slug, doc.id)
      if (walk.isCreatedByAdmin) {
        expect(created, slug).toHaveLength(1)
        expect(created[0], slug).toMatchObject({ action: 'create', ...byAdmin })
      }
      const before = created.length

      if (walk.update) {
        await payload.update({ collection, id: doc.id, data: walk.update.data, user })
        const after = await entriesOf(slug, doc.id)
        expect(after.length, `${slug} update`).toBe(before + 1)
        const entry = after.at(-1)!
        expect(entry, slug).toMatchObject({ action: 'update', ...byAdmin })
        expect(Object.keys(entry.changes as object), slug).toEqual([walk.update.field])
        expect((entry.changes as Record<string, { to: unknown }>)[walk.update.field]!.to).toEqual(
          walk.update.data[walk.update.field],
        )
      } else if (slug === 'stock-adjustments') {
        // Refused by the ledger's own hook: the write rolled back, and so did its entry.
        await expect(
          payload.update({
            collection: 'stock-adjustments',
            id: doc.id,
            data: { reason: 'x' },
            user,
            overrideAccess: false,
          }),
        ).rejects.toThrow()
        expect(await entriesOf(slug, doc.id), slug).toHaveLength(before)
      }

      if (walk.isDeletable) {
        const count = (await entriesOf(slug, doc.id)).length
        await payload.delete({ collection, id: doc.id, user, overrideAccess: false })
        const after = await entriesOf(slug, doc.id)
        expect(after.length, `${slug} delete`).toBe(count + 1)
        expect(after.at(-1), slug).toMatchObject({ action: 'delete', ...byAdmin })
      }
    }
  })

  it('records a password and an API key as changed, never their values', async () => {
    const user: AdminUser = { ...admin.user, collection: 'users' }
    const password = `pw-${unique()}-secret`
    const person = await payload.create({
      collection: 'users',
      data: { email: `${unique()}@example.com`, password, role: 'customer' },
      user,
      overrideAccess: false,
    })
    const newPassword = `pw-${unique()}-other`
    await payload.update({
      collection: 'users',
      id: person.id,
      data: { password: newPassword },
      user,
    })
    const { consumer } = await consumerWithKey(payload, 'Keyed')
    const apiKey = `key-${unique()}-${unique()}`
    await payload.update({
      collection: 'consumers',
      id: consumer.id,
      data: { enableAPIKey: true, apiKey },
      user,
    })

    const personEntries = await entriesOf('users', person.id)
    expect(personEntries.map((entry) => entry.changes)).toEqual([
      expect.objectContaining({
        password: { hidden: 'secret' },
        role: { from: null, to: 'customer' },
      }),
      { password: { hidden: 'secret' } },
    ])
    const keyEntry = (await entriesOf('consumers', consumer.id)).at(-1)!
    expect(keyEntry).toMatchObject({
      action: 'key-change',
      changes: { apiKey: { hidden: 'secret' } },
    })
    const text = JSON.stringify([...personEntries, keyEntry])
    for (const secret of [password, newPassword, apiKey]) expect(text).not.toContain(secret)
  })

  it('leaves no entry for a write that is rolled back', async () => {
    const req = await createLocalReq({ user: { ...admin.user, collection: 'users' } }, payload)
    await initTransaction(req)
    const doc = await payload.create({
      collection: 'authors',
      data: { name: `Rolled back ${unique()}` },
      req,
    })
    expect(await entriesOf('authors', doc.id)).toHaveLength(0)
    await killTransaction(req)
    const { totalDocs } = await payload.count({
      collection: 'audit-log',
      where: { targetCollection: { equals: 'authors' }, targetId: { equals: String(doc.id) } },
    })
    expect(totalDocs).toBe(0)
  })
})

describe('publishing as an editor sees it', () => {
  it('records publish, unpublish, restore, schedule and a draft save by their names', async () => {
    const editor = await userWithToken(payload, 'editor')
    const user = { ...editor.user, collection: 'users' as const }
    const authorId = (await payload.create({ collection: 'authors', data: { name: 'Writer' } })).id
    const article = await payload.create({
      collection: 'articles',
      draft: true,
      data: { title: 'First', slug: `first-${unique()}`, author: authorId },
      user,
    })
    const id = article.id
    await payload.update({ collection: 'articles', id, data: { _status: 'published' }, user })
    await payload.update({
      collection: 'articles',
      id,
      draft: true,
      data: { title: 'Draft over' },
      user,
    })
    await payload.update({ collection: 'articles', id, data: { _status: 'draft' }, user })
    const { docs: versions } = await payload.findVersions({
      collection: 'articles',
      where: { parent: { equals: id } },
      sort: 'createdAt',
    })
    await payload.restoreVersion({ collection: 'articles', id: versions[0]!.id, user })
    await payload.jobs.queue({
      task: 'schedulePublish',
      // Due already: the queue's next run publishes it.
      waitUntil: new Date(Date.now() - 1_000),
      input: {
        type: 'publish',
        doc: { relationTo: 'articles', value: id },
        user: { relationTo: 'users', value: editor.user.id },
      },
    })

    expect(await runDueJobs(payload)).toEqual({ ran: true, jobs: 1 })

    const entries = await entriesOf('articles', id)
    expect(entries.map((entry) => entry.action)).toEqual([
      'create',
      'publish',
      'update',
      'unpublish',
      'restore',
      'schedule',
      'publish',
    ])
    expect(entries[2]!.data).toEqual({ draft: true })
    for (const entry of entries.slice(0, -1)) {
      expect(entry).toMatchObject({ actorType: 'user', user: editor.user.id })
    }
    // The publication itself is the system's.
    expect(entries.at(-1)).toMatchObject({
      actorType: 'system',
      via: 'scheduled publication',
      user: null,
    })
    expect(entries[0]!.locale).toBe('en')
  })
})
