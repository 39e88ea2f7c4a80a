import { randomUUID } from 'node:crypto'

import type { CollectionBeforeChangeHook, CollectionConfig } from 'payload'

import { systemDate } from '@/components/admin/systemDate'
import { subscriptionsTableName } from '@/webhooks/schema/collectionTables'
import { generateSecret } from '@/webhooks/secret'
import { maxDeliveriesPerSecondLimit } from '@/webhooks/validateSubscription'
import { maxTimeoutSeconds } from '@/webhooks/workerSettings'
import { disableAfterFailures } from '@/webhooks/subscriptionOutcome'
import { isAdmin } from '../Identity/access/isAdmin'
import { isOwningConsumer } from './access/isOwningConsumer'
import { lockRowsBeforeUpdate } from '../../hooks/lockRowsBeforeUpdate'
import { deleteSubscriptionDeliveries } from './hooks/deleteSubscriptionDeliveries'
import { refuseStaleActiveFlag } from './hooks/refuseStaleActiveFlag'
import { keepSuspensionWithAdmins } from './hooks/keepSuspensionWithAdmins'
import { stampSuspension } from '../../hooks/stampSuspension'
import { suspensionFields } from '../Identity/fields/suspensionFields'
import {
  validateEndpointUrl,
  validateEvents,
  validateFilter,
  validateHeaders,
} from '@/webhooks/validateSubscription'

/**
 * Re-enabling a disabled subscription starts its failure count afresh, and its endpoint is
 * probed at once (the back-off's pause ends; one delivery goes first).
 */
const resetFailuresOnReenable: CollectionBeforeChangeHook = ({ data, originalDoc, operation }) => {
  if (operation === 'update' && data.isActive === true && originalDoc?.isActive === false) {
    return { ...data, disabledAt: null, failureCount: 0, backoffUntil: null }
  }
  return data
}

/**
 * What the webhook worker and the operations own: no form or REST write changes it (Payload
 * drops such a field from an update; the Local API and raw SQL of the system still write it).
 */
const systemOwned = { update: () => false }

/**
 * Webhook subscriptions of API consumers. Consumers manage theirs through `/webhooks/...`;
 * admins see all of them in the admin panel (never the secrets), may re-enable one and suspend
 * one with a reason (an administrator's "off", which the consumer cannot undo).
 * Secrets are `hidden`: no API response carries them; the create and rotation operations
 * return the value they generated.
 */
export const WebhookSubscriptions: CollectionConfig = {
  slug: 'webhook-subscriptions',
  admin: {
    useAsTitle: 'endpointUrl',
    defaultColumns: ['endpointUrl', 'consumer', 'events', 'isActive', 'suspended', 'failureCount'],
    group: 'Webhooks',
  },
  access: {
    read: isOwningConsumer('consumer'),
    create: () => false,
    update: isAdmin,
    delete: isAdmin,
  },
  hooks: {
    beforeOperation: [lockRowsBeforeUpdate(subscriptionsTableName)],
    beforeChange: [
      refuseStaleActiveFlag,
      keepSuspensionWithAdmins,
      resetFailuresOnReenable,
      stampSuspension,
    ],
    beforeDelete: [deleteSubscriptionDeliveries],
  },
  fields: [
    {
      name: 'id',
      type: 'text',
      defaultValue: () => randomUUID(),
      admin: { readOnly: true },
    },
    {
      name: 'consumer',
      type: 'relationship',
      relationTo: 'consumers',
      required: true,
      index: true,
      admin: { readOnly: true },
    },
    { name: 'endpointUrl', type: 'text', required: true, validate: validateEndpointUrl },
    {
      name: 'secret',
      type: 'text',
      hidden: true,
      hooks: {
        beforeChange: [
          ({ value, operation }) => value ?? (operation === 'create' ? generateSecret() : value),
        ],
      },
    },
    { name: 'secretOld', type: 'text', hidden: true },
    // A second rotation within the window keeps the secret before too, as long as it was promised.
    { name: 'secretOlder', type: 'text', hidden: true },
    { name: 'secretOlderValidUntil', type: 'date', hidden: true },
    { name: 'secretRotatedAt', type: 'date', access: systemOwned, admin: systemDate },
    {
      name: 'deliveries',
      type: 'ui',
      admin: {
        position: 'sidebar',
        components: {
          Field: '/components/admin/SubscriptionDeliveriesLink#SubscriptionDeliveriesLink',
        },
      },
    },
    { name: 'description', type: 'textarea' },
    {
      name: 'events',
      type: 'json',
      required: true,
      validate: validateEvents,
      admin: {
        description: 'The event types this endpoint receives, or all of them.',
        components: {
          Cell: '/components/admin/EventTypesCell#EventTypesCell',
          Field: '/components/admin/EventTypesField#EventTypesField',
        },
      },
    },
    {
      name: 'isActive',
      label: 'Active',
      type: 'checkbox',
      defaultValue: true,
      index: true,
      admin: {
        description: `The consumer's own switch: it pauses and resumes its endpoint with it. The system unticks it after ${disableAfterFailures} failed deliveries in a row; tick it to re-enable. To stop deliveries yourself, suspend the subscription (below).`,
        components: { Cell: '/components/admin/YesNoCell#YesNoCell' },
      },
    },
    ...suspensionFields(
      'subscription',
      'its deliveries are held (queued, not sent and not lost) and go out, oldest first, when the suspension ends.',
    ),
    {
      // What `isActive` was when the form (or a REST client) read the subscription: the admin
      // form sends it back, so a save can tell a person's change from a stale copy of it.
      name: 'isActiveWhenLoaded',
      type: 'checkbox',
      virtual: true,
      admin: { hidden: true },
      hooks: { afterRead: [({ siblingData }) => siblingData?.isActive === true] },
    },
    {
      name: 'headers',
      type: 'json',
      defaultValue: {},
      validate: validateHeaders,
      admin: {
        description:
          'Extra headers sent with every delivery, e.g. a token your endpoint checks. The signature headers cannot be set.',
        components: { Field: '/components/admin/HeadersField#HeadersField' },
      },
    },
    {
      name: 'filter',
      type: 'json',
      validate: validateFilter,
      admin: {
        description:
          'Optional: a JSON object the event\'s data must contain, e.g. {"status": "paid"}. Empty: every event of its types.',
      },
    },
    {
      name: 'ordered',
      type: 'checkbox',
      defaultValue: false,
      admin: {
        description:
          'Deliver the events of one object (an order, an article) in the order they happened: while one is retried, the later ones for that object wait.',
      },
    },
    {
      name: 'timeoutSeconds',
      type: 'number',
      defaultValue: 10,
      min: 1,
      max: maxTimeoutSeconds,
      required: true,
    },
    {
      name: 'maxDeliveriesPerSecond',
      type: 'number',
      min: 1,
      max: maxDeliveriesPerSecondLimit,
      admin: { description: 'Optional: at most this many deliveries a second to this endpoint.' },
    },
    {
      name: 'lastDeliveryAt',
      type: 'date',
      access: systemOwned,
      admin: systemDate,
    },
    {
      name: 'failureCount',
      type: 'number',
      defaultValue: 0,
      access: systemOwned,
      admin: { readOnly: true, description: 'Failed deliveries in a row; a success resets it.' },
    },
    {
      name: 'disabledAt',
      type: 'date',
      access: systemOwned,
      admin: {
        ...systemDate,
        description: `When the system disabled it after ${disableAfterFailures} failed deliveries in a row.`,
      },
    },
    {
      name: 'backoffUntil',
      type: 'date',
      access: systemOwned,
      admin: {
        ...systemDate,
        description:
          'The endpoint failed: until then its deliveries wait, then one is sent as a probe.',
      },
    },
    {
      name: 'probe',
      type: 'group',
      access: systemOwned,
      admin: { description: 'Reachability probe made when the subscription was created.' },
      fields: [
        { name: 'checkedAt', type: 'date', admin: systemDate },
        { name: 'result', type: 'text', admin: { readOnly: true } },
      ],
    },
  ],
}
