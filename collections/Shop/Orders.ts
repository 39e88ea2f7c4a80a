import type { CollectionConfig, FieldAccess } from 'payload'

import { hasAdminRole } from '@/identity/roles'
import { isAdmin } from '../Identity/access/isAdmin'
import { isAdminOrOwner } from './access/isAdminOrOwner'
import { readableWithGrant } from '../Identity/access/readableWithGrant'
import { ordersGrant } from '@/shop/webhookEventTypes'
import { isCountryCode } from '@/shop/countryCode'
import { systemDate } from '@/components/admin/systemDate'
import { orderStatuses, orderTitle } from '@/shop/orderStatus'
import { ordersListFilter } from '@/shop/orderArchive'
import { announceManualTransition } from './hooks/announceManualTransition'
import { guardArchive } from './hooks/guardArchive'
import { guardStatusTransition } from './hooks/guardStatusTransition'
import { storeOrderTitle } from './hooks/storeOrderTitle'

/** Everything on an order but its status is written by the system only. */
const systemOnly: FieldAccess = () => false
const readOnly = { update: systemOnly, create: systemOnly }
const adminsOnly: FieldAccess = ({ req }) => hasAdminRole(req.user)
/** Amounts shown as roubles with two decimals, in lists and in the order itself. */
const money = {
  Cell: '/components/shop/MoneyCell#MoneyCell',
  Field: '/components/shop/MoneyField#MoneyField',
}

/**
 * Orders, created by checkout (`POST /api/orders/checkout`) and paid through Stripe
 * (`POST /api/orders/webhook/stripe`). Customers read their own; admins read all, move paid
 * orders forward in the admin panel (paid → shipped → delivered) and refund them
 * (`POST /api/orders/{id}/refund`), and archive those that ended unpaid (`archivedAt`: out of
 * the list unless its filter asks for them), nothing else. Its endpoints are `endpoints/shop/`,
 * attached in `payload.config.ts`.
 */
export const Orders: CollectionConfig = {
  slug: 'orders',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'customerEmail', 'total', 'status', 'createdAt'],
    listSearchableFields: ['title', 'customerEmail'],
    group: 'Shop',
    // Archived orders leave the list; "Show archived orders" (a filter on `archivedAt`) shows them.
    baseFilter: ({ req }) => ordersListFilter(req.query),
    components: {
      beforeListTable: ['/components/shop/ArchivedOrdersLink#ArchivedOrdersLink'],
    },
  },
  access: {
    // Consumers holding `orders` read every order (read-only), as its events tell them.
    read: readableWithGrant(ordersGrant.name, isAdminOrOwner),
    create: () => false,
    update: isAdmin,
    delete: () => false,
  },
  hooks: {
    beforeChange: [guardStatusTransition, guardArchive],
    afterChange: [storeOrderTitle, announceManualTransition],
  },
  fields: [
    {
      name: 'title',
      type: 'text',
      access: readOnly,
      admin: { hidden: true },
      // Rows written before titles were stored (or by raw SQL) are titled when read.
      hooks: { afterRead: [({ value, siblingData }) => value || orderTitle(siblingData.id)] },
    },
    {
      name: 'status',
      type: 'select',
      options: [...orderStatuses],
      defaultValue: 'pending',
      required: true,
      index: true,
      admin: {
        position: 'sidebar',
        isClearable: false,
        description:
          'Admins move paid → shipped → delivered. A paid order is refunded in its Refund box; Stripe then sets partially_refunded or refunded, and its refunds are listed under Refunds.',
        // Offers only the next step, read-only where there is none (the server checks too).
        components: { Field: '/components/shop/OrderStatusField#OrderStatusField' },
      },
    },
    {
      // Written with the status by whatever cancels or expires the order (`orderEndReasons`).
      name: 'statusReason',
      label: 'Why it ended',
      // A sentence or two: a text area shows it whole, where one line cut it off.
      type: 'textarea',
      access: readOnly,
      admin: {
        position: 'sidebar',
        readOnly: true,
        description: 'Why the order was cancelled or expired, as the system recorded it',
        condition: (data) => Boolean(data?.statusReason),
      },
    },
    {
      // Written by the system when the payment provider reported a payment this order does not
      // match (src/shop/paymentCheck.ts): the order stays unpaid until an admin acts.
      name: 'paymentProblem',
      label: 'Payment problem',
      type: 'textarea',
      access: readOnly,
      admin: {
        position: 'sidebar',
        readOnly: true,
        description: 'A payment was reported that does not match this order; it was not taken',
        condition: (data) => Boolean(data?.paymentProblem),
      },
    },
    {
      name: 'items',
      type: 'array',
      required: true,
      minRows: 1,
      access: readOnly,
      labels: { singular: 'Line', plural: 'Lines' },
      admin: { components: { RowLabel: '/components/shop/OrderLineLabel#OrderLineLabel' } },
      fields: [
        { name: 'product', type: 'relationship', relationTo: 'products', required: true },
        { name: 'quantity', type: 'number', required: true, min: 1 },
        {
          name: 'price',
          type: 'number',
          required: true,
          min: 0,
          admin: { description: 'Unit price at order time', components: money },
        },
        { name: 'name', type: 'text', required: true },
      ],
    },
    {
      name: 'total',
      type: 'number',
      required: true,
      min: 0,
      access: readOnly,
      admin: { components: money },
    },
    {
      // Set from Stripe's refunds (src/shop/refunds/syncOrderRefunds.ts): what stands refunded.
      name: 'refunded_amount',
      label: 'Refunded',
      type: 'number',
      min: 0,
      defaultValue: 0,
      access: readOnly,
      admin: {
        position: 'sidebar',
        components: money,
      },
    },
    {
      // The Refund box (POST /api/orders/{id}/refund), on a paid order with something left.
      name: 'refund',
      type: 'ui',
      admin: {
        position: 'sidebar',
        components: { Field: '/components/shop/OrderRefunds#RefundOrderBox' },
      },
    },
    {
      // When an administrator archived the order (one that ended unpaid): out of the list.
      name: 'archivedAt',
      label: 'Archived at',
      type: 'date',
      index: true,
      access: { read: adminsOnly, create: systemOnly, update: adminsOnly },
      admin: { hidden: true },
    },
    {
      // Archive (or bring back) an order that ended unpaid.
      name: 'archive',
      type: 'ui',
      admin: {
        position: 'sidebar',
        components: { Field: '/components/shop/ArchiveOrderAction#ArchiveOrderAction' },
      },
    },
    {
      // Each refund of the order: amount, status (Stripe's failure reason), reason, who, when.
      name: 'refunds',
      type: 'ui',
      admin: { components: { Field: '/components/shop/OrderRefunds#OrderRefundList' } },
    },
    { name: 'customerEmail', type: 'email', required: true, access: readOnly },
    {
      // A keyed hash of the client address that placed the order (never the address itself):
      // what checkout counts to bound what one client holds unpaid.
      name: 'buyerAddress',
      type: 'text',
      hidden: true,
      index: true,
      access: readOnly,
    },
    {
      // SHA-256 of the order's token (src/shop/orderToken.ts), never the token: the buyer's
      // order page reads `GET /api/v1/orders/{id}` with it. Hidden from every API and the panel.
      name: 'orderTokenHash',
      type: 'text',
      hidden: true,
      access: readOnly,
    },
    {
      name: 'shippingAddress',
      type: 'group',
      access: readOnly,
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'line1', type: 'text', required: true },
        { name: 'line2', type: 'text' },
        { name: 'city', type: 'text', required: true },
        { name: 'postal_code', label: 'Postal code', type: 'text', required: true },
        {
          name: 'country',
          type: 'text',
          required: true,
          validate: (value: string | null | undefined) =>
            (value && isCountryCode(value)) || 'An ISO 3166-1 alpha-2 country code, such as DE',
        },
      ],
    },
    {
      name: 'paymentId',
      label: 'Payment ID',
      type: 'text',
      // Stripe's refund events name the payment, and find their order by it.
      index: true,
      access: readOnly,
      admin: { position: 'sidebar', description: 'Stripe payment intent' },
    },
    {
      name: 'paid_at',
      label: 'Paid at',
      type: 'date',
      access: readOnly,
      admin: { position: 'sidebar', ...systemDate },
    },
    {
      name: 'stripeSessionId',
      label: 'Stripe session ID',
      type: 'text',
      index: true,
      access: readOnly,
      admin: { position: 'sidebar' },
    },
    {
      name: 'user',
      type: 'relationship',
      relationTo: 'users',
      index: true,
      access: readOnly,
      admin: { position: 'sidebar', description: 'The signed-in customer, when known' },
    },
  ],
}
