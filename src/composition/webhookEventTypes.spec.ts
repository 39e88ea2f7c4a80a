import { describe, expect, it } from 'vitest'

import './webhookEventTypes'
import { ArticleEvents } from '@/articles/webhookEventTypes'
import { ContactEvents } from '@/contact/webhookEventTypes'
import { ShopEvents } from '@/shop/webhookEventTypes'
import { eventCatalogue, grantCatalogue, WebhookEvents } from '@/webhooks/eventCatalogue'

const everyName = { ...ArticleEvents, ...ShopEvents, ...ContactEvents, ...WebhookEvents }

describe('event catalogue', () => {
  it('lists every event the service emits once', () => {
    const names = eventCatalogue.map((event) => event.name)
    expect(new Set(names).size).toBe(names.length)
    expect([...names].sort()).toEqual(Object.values(everyName).sort())
  })

  it.each(eventCatalogue.map((event) => [event.name, event] as const))(
    '%s: the example payload has the documented shape',
    (_name, event) => {
      const result = event.payload.safeParse(event.examplePayload)
      expect(result.error?.issues ?? []).toEqual([])
    },
  )

  it('refuses a payload with a field the schema does not document', () => {
    const order = eventCatalogue.find((event) => event.name === ShopEvents.OrderCreated)!
    expect(
      order.payload.safeParse({ ...order.examplePayload, customer_email: 'a@example.com' }).success,
    ).toBe(false)
  })
})

describe('what events about things consumers cannot read carry', () => {
  const payloadOf = (name: string) => eventCatalogue.find((event) => event.name === name)!.payload

  it('article.unpublished and article.deleted: id, slug, removed_at and languages, nothing of the text', () => {
    const removed = {
      id: 42,
      slug: 'gone',
      removed_at: '2026-01-15T10:05:00.000Z',
      locale: 'en',
      locales: ['en', 'ru'],
    }
    for (const name of [ArticleEvents.ArticleUnpublished, ArticleEvents.ArticleDeleted]) {
      expect(payloadOf(name).safeParse(removed).success, name).toBe(true)
      expect(payloadOf(name).safeParse({ ...removed, title: 'Secret' }).success, name).toBe(false)
    }
  })

  it('product.updated: the product while active, only its id and slug once deactivated', () => {
    const updated = payloadOf(ShopEvents.ProductUpdated)
    const named = { id: 17, slug: 'linen-shirt', active: false, locale: 'en', locales: ['en'] }
    expect(updated.safeParse(named).success).toBe(true)
    expect(updated.safeParse({ ...named, name: 'Linen shirt' }).success).toBe(false)
    const product = eventCatalogue.find((e) => e.name === ShopEvents.ProductCreated)!
    expect(updated.safeParse(product.examplePayload).success).toBe(true)
    expect(updated.safeParse({ ...product.examplePayload, active: false }).success).toBe(false)
    expect(
      payloadOf(ShopEvents.ProductCreated).safeParse({ id: 17, slug: 'x', active: false }).success,
    ).toBe(false)
  })
})

describe('eventCatalogue', () => {
  it('names every type <resource>.<action>, once', () => {
    const names = eventCatalogue.map((type) => type.name)
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(name).toMatch(/^[a-z]+\.[a-z]+$/)
  })
})

describe('grants of the registered types', () => {
  it('content for what anyone reads, orders and inquiries for personal data, none for tests', () => {
    const grantOf = Object.fromEntries(eventCatalogue.map((type) => [type.name, type.grant]))
    expect(grantOf).toEqual({
      'article.created': 'content',
      'article.updated': 'content',
      'article.published': 'content',
      'article.unpublished': 'content',
      'article.deleted': 'content',
      'comment.created': 'content',
      'order.created': 'orders',
      'order.updated': 'orders',
      'order.paid': 'orders',
      'order.refunded': 'orders',
      'product.created': 'content',
      'product.updated': 'content',
      'inquiry.created': 'inquiries',
      'webhook.test': null,
    })
    expect(grantCatalogue.map((grant) => grant.name)).toEqual(['content', 'orders', 'inquiries'])
  })
})
