import type { ArticleStatus, CommentStatus } from '@/articles/status'
import type { Image } from '@/media/image'
import type { OrderStatus } from '@/shop/orderStatus'
import type {
  ArticleEventData,
  ArticleRemovedEventData,
  CommentEventData,
  InquiryEventData,
  OrderEventData,
  OrderPaidEventData,
  OrderRefundedEventData,
  ProductDeactivatedEventData,
  ProductEventData,
} from './eventCatalogue'

/*
 * The builders of every business event's `data`, one per shape in the event catalogue beside
 * this file: collection hooks and operations turn a document into what subscribers receive.
 */

/** A relation as Payload hands it to hooks: the id, or the document at depth > 0. */
type Relation = number | { id: number } | null | undefined

const idOf = (relation: Relation) =>
  relation === null || relation === undefined
    ? null
    : typeof relation === 'object'
      ? relation.id
      : relation

/**
 * The languages of a change: the locale it wrote, the locales with text, and the text fields in
 * the default locale (what an event carries whatever locale the change wrote).
 */
export type EventText<Field extends string> = {
  locale: string
  locales: string[]
  text: Record<Field, string | null>
}

/** Payload of the `article.*` events; `cover` as the API shows it, `title` the default locale's. */
export function toArticleEventData(
  doc: {
    id: number
    slug: string
    _status?: ArticleStatus | null
    author: Relation
    publishedAt?: string | null
    createdAt: string
    updatedAt: string
  },
  cover: Image | null,
  languages: EventText<'title'>,
): ArticleEventData {
  return {
    id: doc.id,
    title: languages.text.title ?? '',
    slug: doc.slug,
    status: doc._status ?? 'draft',
    author_id: idOf(doc.author),
    cover,
    published_at: doc.publishedAt ?? null,
    created_at: doc.createdAt,
    updated_at: doc.updatedAt,
    locale: languages.locale,
    locales: languages.locales,
  }
}

/**
 * Payload of `article.unpublished` and `article.deleted`: only what names the article (consumers
 * can no longer read it), with the slug it was published under and when it was `removedAt`.
 */
export function toArticleRemovedEventData(
  published: { id: number; slug: string },
  removedAt: Date,
  languages: Omit<EventText<never>, 'text'>,
): ArticleRemovedEventData {
  return {
    id: published.id,
    slug: published.slug,
    removed_at: removedAt.toISOString(),
    locale: languages.locale,
    locales: languages.locales,
  }
}

/** Payload of `comment.created`. */
export function toCommentEventData(doc: {
  id: number
  article: Relation
  status: CommentStatus
  createdAt: string
}): CommentEventData {
  return {
    id: doc.id,
    article_id: idOf(doc.article),
    status: doc.status,
    created_at: doc.createdAt,
  }
}

/** The order fields the `order.*` events carry. */
type OrderLike = {
  id: number
  status: OrderStatus
  total: number
  createdAt: string
  paid_at?: string | null
  paymentId?: string | null
}

/** Payload of `order.created` and `order.updated`: `{ id, status, total, created_at }`. */
export function toOrderEventData(order: OrderLike): OrderEventData {
  return {
    id: order.id,
    status: order.status,
    total: order.total,
    created_at: new Date(order.createdAt).toISOString(),
  }
}

/** Payload of `order.paid`: the order fields plus `paid_at` and `payment_id`. */
export function toOrderPaidEventData(order: OrderLike): OrderPaidEventData {
  return {
    ...toOrderEventData(order),
    paid_at: order.paid_at ? new Date(order.paid_at).toISOString() : null,
    payment_id: order.paymentId ?? null,
  }
}

/** Payload of `order.refunded`: the order fields plus the refund (amounts in roubles). */
export function toOrderRefundedEventData(
  order: OrderLike,
  refund: { refundId: string; amount: number; refundedAmount: number; reason: string | null },
): OrderRefundedEventData {
  return {
    ...toOrderEventData(order),
    refund_id: refund.refundId,
    amount: refund.amount,
    refunded_amount: refund.refundedAmount,
    reason: refund.reason,
  }
}

/**
 * Payload of `product.created` and `product.updated`; `images` as the API shows them. Of an
 * inactive product (consumers cannot read it) only what names it.
 */
export function toProductEventData(
  product: {
    id: number
    slug: string
    price: number
    stock: number
    active?: boolean | null
  },
  images: Image[],
  languages: EventText<'name'>,
): ProductEventData | ProductDeactivatedEventData {
  const { locale, locales } = languages
  if (!product.active) return { id: product.id, slug: product.slug, active: false, locale, locales }
  return {
    id: product.id,
    name: languages.text.name ?? '',
    slug: product.slug,
    price: product.price,
    stock: product.stock,
    active: true,
    images,
    locale,
    locales,
  }
}

/** Payload of `inquiry.created`: the sender, never the message. */
export function toInquiryEventData(inquiry: {
  id: number
  name: string
  email: string
  status: InquiryEventData['status']
  createdAt: string
}): InquiryEventData {
  return {
    id: inquiry.id,
    name: inquiry.name,
    email: inquiry.email,
    status: inquiry.status,
    created_at: inquiry.createdAt,
  }
}
