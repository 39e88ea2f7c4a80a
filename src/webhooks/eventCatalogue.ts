import { z } from 'zod'

import { articleStatuses, commentStatuses } from '@/articles/status'
import { imageSchema } from '@/media/image'
import { orderStatuses } from '@/shop/orderStatus'

/** One kind of business event a subscription can ask for. */
export type EventTypeDefinition = {
  /** `<resource>.<action>`, the name subscriptions list in `events`. */
  name: string
  /** What happened, for integrators. */
  description: string
  /** The shape of `data` in a delivery of this type (the API reference is generated from it). */
  payload: z.ZodType
  /** A payload of this type as delivered in `data`; it satisfies `payload`. */
  examplePayload: Record<string, unknown>
  /**
   * The object an event of this type is about, as `<resource>:{id}` (`{id}` is `data.id`):
   * a subscription with `ordered` receives the events of one object in the order they were
   * emitted. `null`: never held back (test events).
   */
  orderingKey: `${string}:{id}` | null
}

/** Event type names, one constant per event the service emits: code names events by these. */
export const WebhookEvents = {
  ArticleCreated: 'article.created',
  ArticleUpdated: 'article.updated',
  ArticleDeleted: 'article.deleted',
  ArticlePublished: 'article.published',
  ArticleUnpublished: 'article.unpublished',
  CommentCreated: 'comment.created',
  OrderCreated: 'order.created',
  OrderUpdated: 'order.updated',
  OrderPaid: 'order.paid',
  OrderRefunded: 'order.refunded',
  ProductCreated: 'product.created',
  ProductUpdated: 'product.updated',
  InquiryCreated: 'inquiry.created',
  /** Sent only to the subscription being tested (on create and on `POST .../test`). */
  Test: 'webhook.test',
} as const

export type WebhookEventName = (typeof WebhookEvents)[keyof typeof WebhookEvents]

/** Subscribing to this name means every event type. */
export const allEvents = '*'

const timestamp = z.iso.datetime()
const id = z.int().positive()

/*
 * What an event may carry is what its recipient, an API consumer, can read through the API when
 * it is emitted: an article while it is published, a comment once approved on a published
 * article, a product while it is active. An event about something consumers just stopped
 * reading (an unpublication, a deletion, a deactivation) only names it.
 */

/**
 * What the `article.*` and `product.*` events say of languages: their text fields are the
 * default locale's (as consumers read without a locale), and these name the locale the change
 * wrote and those that have text.
 */
const localeFields = {
  locale: z
    .string()
    .describe(
      'The locale whose text this change wrote (the admin panel\u2019s locale, the API write\u2019s `locale`; the default locale when none was named)',
    ),
  locales: z
    .array(z.string())
    .describe('The locales that have text, in the order of `CONTENT_LOCALES` (the default first)'),
}

/** `data` of `article.created`, `article.updated` and `article.published`: the article without its body, as consumers read it. */
export const articleEventData = z
  .strictObject({
    id,
    title: z
      .string()
      .describe(
        'In the default locale (an article written in another locale only: the first that has one)',
      ),
    slug: z.string(),
    status: z.enum(articleStatuses),
    author_id: id.nullable(),
    cover: imageSchema.nullable().describe('The cover image, `null` when none'),
    published_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    ...localeFields,
  })
  .meta({ id: 'ArticleEventData' })
export type ArticleEventData = z.infer<typeof articleEventData>

/** `data` of `article.unpublished` and `article.deleted`: what names the article, nothing more. */
export const articleRemovedEventData = z
  .strictObject({
    id,
    slug: z.string().describe('The slug it was published under'),
    removed_at: timestamp.describe('When consumers stopped being able to read it'),
    ...localeFields,
  })
  .meta({ id: 'ArticleRemovedEventData' })
export type ArticleRemovedEventData = z.infer<typeof articleRemovedEventData>

/** `data` of `comment.created`. */
export const commentEventData = z
  .strictObject({
    id,
    article_id: id.nullable(),
    status: z
      .enum(commentStatuses)
      .describe('`approved`: a comment is announced once consumers can read it'),
    created_at: timestamp,
  })
  .meta({ id: 'CommentEventData' })
export type CommentEventData = z.infer<typeof commentEventData>

const orderFields = {
  id,
  status: z.enum(orderStatuses),
  total: z.number().describe('Sum of price times quantity, in roubles'),
  created_at: timestamp,
}

/** `data` of `order.created` and `order.updated`: `id, status, total, created_at`. */
export const orderEventData = z.strictObject(orderFields).meta({ id: 'OrderEventData' })
export type OrderEventData = z.infer<typeof orderEventData>

/** `data` of `order.paid`: the order fields plus when and by which payment it was paid. */
export const orderPaidEventData = z
  .strictObject({
    ...orderFields,
    paid_at: timestamp.nullable(),
    payment_id: z.string().nullable().describe("Stripe's payment intent"),
  })
  .meta({ id: 'OrderPaidEventData' })
export type OrderPaidEventData = z.infer<typeof orderPaidEventData>

/** `data` of `order.refunded`: the order fields plus the refund and what stands refunded. */
export const orderRefundedEventData = z
  .strictObject({
    ...orderFields,
    refund_id: z.string().describe("Stripe's refund (`re_...`)"),
    amount: z.number().describe('This refund, in roubles'),
    refunded_amount: z
      .number()
      .describe("The order's refunds so far, this one included, in roubles"),
    reason: z
      .string()
      .nullable()
      .describe("Why, as the administrator wrote it; `null` for one made in Stripe's dashboard"),
  })
  .meta({ id: 'OrderRefundedEventData' })
export type OrderRefundedEventData = z.infer<typeof orderRefundedEventData>

/** `data` of `product.created`, and of `product.updated` while the product is active. */
export const productEventData = z
  .strictObject({
    id,
    name: z
      .string()
      .describe('In the default locale (written in another locale only: the first that has one)'),
    slug: z.string(),
    price: z.number().describe('In roubles'),
    stock: z.int().min(0),
    active: z.literal(true),
    images: z.array(imageSchema).describe('The gallery, in its order'),
    ...localeFields,
  })
  .meta({ id: 'ProductEventData' })
export type ProductEventData = z.infer<typeof productEventData>

/** `data` of `product.updated` when the product was deactivated: what names it, nothing more. */
export const productDeactivatedEventData = z
  .strictObject({ id, slug: z.string(), active: z.literal(false), ...localeFields })
  .meta({ id: 'ProductDeactivatedEventData' })
export type ProductDeactivatedEventData = z.infer<typeof productDeactivatedEventData>

/**
 * `data` of `product.updated`: the product while active, what names it once deactivated (a
 * plain union: OpenAPI's discriminator takes string values only, and `active` tells them apart).
 */
export const productUpdatedEventData = z
  .union([productEventData, productDeactivatedEventData])
  .meta({ id: 'ProductUpdatedEventData' })
export type ProductUpdatedEventData = z.infer<typeof productUpdatedEventData>

/** `data` of `inquiry.created`. */
export const inquiryEventData = z
  .strictObject({
    id,
    name: z.string(),
    email: z.string(),
    status: z.enum(['new', 'handled']),
    created_at: timestamp,
  })
  .meta({ id: 'InquiryEventData' })
export type InquiryEventData = z.infer<typeof inquiryEventData>

/** `data` of `webhook.test`. */
export const testEventData = z
  .strictObject({ subscription_id: z.uuid(), message: z.string() })
  .meta({ id: 'TestEventData' })
export type TestEventData = z.infer<typeof testEventData>

/** The `message` of every `webhook.test` event. */
export const testEventMessage = 'This is a test event.'

const at = '2026-01-15T09:30:00.000Z'
const later = '2026-01-15T10:05:00.000Z'

const image = {
  id: 5,
  url: 'https://shop.example/api/media/file/spring.jpg',
  alt: 'Linen shirts on a rail',
  width: 2400,
  height: 1600,
  sizes: {
    thumbnail: {
      url: 'https://shop.example/api/media/file/spring-320x320.webp',
      width: 320,
      height: 320,
    },
    card: {
      url: 'https://shop.example/api/media/file/spring-768x512.webp',
      width: 768,
      height: 512,
    },
    hero: {
      url: 'https://shop.example/api/media/file/spring-1600x1067.webp',
      width: 1600,
      height: 1067,
    },
  },
}

const article = {
  id: 42,
  title: 'Spring collection is here',
  slug: 'spring-collection-is-here',
  status: 'published',
  author_id: 7,
  cover: image,
  published_at: at,
  created_at: at,
  updated_at: later,
  locale: 'ru',
  locales: ['en', 'ru'],
}
const articleRemoved = {
  id: 42,
  slug: 'spring-collection-is-here',
  removed_at: later,
  locale: 'en',
  locales: ['en', 'ru'],
}
const order = { id: 1001, status: 'pending', total: 2490, created_at: at }
const product = {
  id: 17,
  name: 'Linen shirt',
  slug: 'linen-shirt',
  price: 1245,
  stock: 12,
  active: true,
  images: [image],
  locale: 'en',
  locales: ['en'],
}

/** Every event type the service emits, with a documented example payload. */
export const eventCatalogue: readonly EventTypeDefinition[] = [
  {
    name: WebhookEvents.ArticleCreated,
    orderingKey: 'article:{id}',
    payload: articleEventData,
    description:
      'An article became readable through the API: it was published for the first time (or created published), or published again after `article.unpublished`. Followed by `article.published`. An article created or saved as a draft emits nothing.',
    examplePayload: article,
  },
  {
    name: WebhookEvents.ArticleUpdated,
    orderingKey: 'article:{id}',
    payload: articleEventData,
    description:
      'A published article was saved with changes, which are published: the payload is the article as consumers now read it. Followed by `article.published`. Saving a draft beside it (autosave, "Save draft") or saving an unpublished article emits nothing.',
    examplePayload: article,
  },
  {
    name: WebhookEvents.ArticlePublished,
    orderingKey: 'article:{id}',
    payload: articleEventData,
    description:
      'A version of an article became the one consumers read: by hand, through the API or on schedule. Sent after `article.created` (the article appears) or `article.updated` (it changed), with the same payload.',
    examplePayload: article,
  },
  {
    name: WebhookEvents.ArticleUnpublished,
    orderingKey: 'article:{id}',
    payload: articleRemovedEventData,
    description:
      'A published article was unpublished (by hand, through the API or on schedule): consumers no longer read it. The payload only names it: its id, the slug it was published under and when.',
    examplePayload: articleRemoved,
  },
  {
    name: WebhookEvents.ArticleDeleted,
    orderingKey: 'article:{id}',
    payload: articleRemovedEventData,
    description:
      'A published article was deleted. The payload only names it, as for `article.unpublished`. Deleting an article that is not published emits nothing.',
    examplePayload: articleRemoved,
  },
  {
    name: WebhookEvents.CommentCreated,
    orderingKey: 'comment:{id}',
    payload: commentEventData,
    description:
      'A comment became readable through the API: posted approved on a published article, or approved later. A pending comment, or one on an article that is not published, emits nothing.',
    examplePayload: { id: 9, article_id: 42, status: 'approved', created_at: at },
  },
  {
    name: WebhookEvents.OrderCreated,
    orderingKey: 'order:{id}',
    payload: orderEventData,
    description: 'An order was placed (status `pending`).',
    examplePayload: order,
  },
  {
    name: WebhookEvents.OrderUpdated,
    orderingKey: 'order:{id}',
    payload: orderEventData,
    description: 'An order changed, e.g. its status.',
    examplePayload: { ...order, status: 'shipped' },
  },
  {
    name: WebhookEvents.OrderPaid,
    orderingKey: 'order:{id}',
    payload: orderPaidEventData,
    description: 'The payment provider confirmed payment of an order.',
    examplePayload: { ...order, status: 'paid', paid_at: later, payment_id: 'pi_3Nk2Yz' },
  },
  {
    name: WebhookEvents.OrderRefunded,
    orderingKey: 'order:{id}',
    payload: orderRefundedEventData,
    description:
      "Stripe confirmed a refund of an order (asked for by an administrator, or made in Stripe's dashboard); sent once per refund, when it succeeds.",
    examplePayload: {
      ...order,
      status: 'partially_refunded',
      refund_id: 're_3Nk2Za',
      amount: 500,
      refunded_amount: 500,
      reason: 'One mug arrived broken',
    },
  },
  {
    name: WebhookEvents.ProductCreated,
    orderingKey: 'product:{id}',
    payload: productEventData,
    description:
      'A product became available through the API: it was created active, or activated (again). An inactive product emits nothing.',
    examplePayload: product,
  },
  {
    name: WebhookEvents.ProductUpdated,
    orderingKey: 'product:{id}',
    payload: productUpdatedEventData,
    description:
      'An active product changed (price, stock, gallery...), or it was deactivated: then the payload only names it, `{ "id", "slug", "active": false }`, and consumers no longer read it. Changes to an inactive product emit nothing.',
    examplePayload: { ...product, stock: 11 },
  },
  {
    name: WebhookEvents.InquiryCreated,
    orderingKey: 'inquiry:{id}',
    payload: inquiryEventData,
    description: 'A visitor submitted the contact form.',
    examplePayload: {
      id: 5,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      status: 'new',
      created_at: at,
    },
  },
  {
    name: WebhookEvents.Test,
    orderingKey: null,
    payload: testEventData,
    description:
      'A test event, sent only to the subscription being tested: on creation and on request.',
    examplePayload: {
      subscription_id: '3f0c1c9e-8a51-4b0e-9d1e-2b7f5a0c6d42',
      message: testEventMessage,
    },
  },
]

/**
 * The ordering key of an event of type `type` with `data` (`order:1001`), or `null` when its
 * type has none or `data` has no `id`.
 */
export function orderingKeyOf(type: string, data: Record<string, unknown>): string | null {
  const template = eventCatalogue.find((event) => event.name === type)?.orderingKey
  const id = data.id
  if (!template || (typeof id !== 'number' && typeof id !== 'string')) return null
  return template.replace('{id}', String(id))
}
