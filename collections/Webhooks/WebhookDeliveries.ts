import type { CollectionConfig } from 'payload'

import { systemDate } from '@/components/admin/systemDate'
import { deliveryStatuses, type DeliveryStatus } from '@/webhooks/deliveryStatus'
import { readOwnDeliveries } from './access/readOwnDeliveries'
import { reachIndexesBySubscription } from './hooks/reachIndexesBySubscription'
import { showEventData } from './hooks/showEventData'
import { showNextAttempt } from './hooks/showNextAttempt'

const readOnly = { readOnly: true }

/**
 * One event to one subscription, with what an integrator needs to debug it. Rows are written
 * by the fan-out and the worker in SQL, never through the API: read-only in the admin panel.
 */
export const WebhookDeliveries: CollectionConfig = {
  slug: 'webhook-deliveries',
  admin: {
    useAsTitle: 'eventType',
    defaultColumns: [
      'eventType',
      'isTest',
      'subscription',
      'status',
      'attempts',
      'nextAttempt',
      'lastResponseStatus',
      'createdAt',
    ],
    group: 'Webhooks',
    components: {
      edit: { beforeDocumentControls: ['/components/RetryDeliveryButton#RetryDeliveryButton'] },
    },
  },
  hooks: {
    beforeOperation: [reachIndexesBySubscription],
    afterOperation: [showEventData, showNextAttempt],
  },
  access: {
    read: readOwnDeliveries,
    create: () => false,
    update: () => false,
    delete: () => false,
  },
  fields: [
    {
      // Whether its event is a test ("Send test event", or the subscription's creation): read
      // from the event log with its data (`showEventData`), never stored here.
      name: 'isTest',
      label: 'Test',
      type: 'checkbox',
      virtual: true,
      admin: {
        ...readOnly,
        components: {
          Field: '/components/admin/TestDeliveryNotice#TestDeliveryNotice',
          Cell: '/components/admin/YesNoCell#YesNoCell',
        },
      },
    },
    {
      name: 'subscription',
      type: 'relationship',
      relationTo: 'webhook-subscriptions',
      required: true,
      // Indexed with the event id, and by the due and finished indexes in place of Payload's
      // own (src/webhooks/schema/webhookIndexes.ts).
      admin: readOnly,
    },
    {
      name: 'eventId',
      type: 'text',
      required: true,
      admin: { ...readOnly, description: 'Sent as webhook-id; the same on every attempt.' },
    },
    { name: 'eventType', type: 'text', required: true, admin: readOnly },
    {
      // Stored once per event, in the event log: read from there (`showEventData`), never
      // written here.
      name: 'payload',
      type: 'json',
      virtual: true,
      admin: { ...readOnly, description: "The event's data, as sent in the body's data." },
    },
    {
      name: 'occurredAt',
      type: 'date',
      required: true,
      admin: systemDate,
    },
    {
      name: 'status',
      type: 'select',
      options: [...deliveryStatuses],
      defaultValue: 'pending' satisfies DeliveryStatus,
      required: true,
      admin: readOnly,
    },
    { name: 'attempts', type: 'number', defaultValue: 0, admin: readOnly },
    {
      // The delivery's own time, which the endpoint's back-off may pass: `nextAttempt` below
      // tells people when it really comes.
      name: 'nextAttemptAt',
      type: 'date',
      admin: { ...readOnly, hidden: true },
    },
    {
      // When the next attempt comes at the earliest and why: computed when read, for a whole
      // page at once (`showNextAttempt`); the API's `next_attempt`.
      name: 'nextAttempt',
      label: 'Next attempt',
      type: 'json',
      virtual: true,
      admin: {
        ...readOnly,
        components: {
          Cell: '/components/admin/NextAttempt#NextAttemptCell',
          Field: '/components/admin/NextAttempt#NextAttemptField',
        },
      },
    },
    { name: 'leaseExpiresAt', type: 'date', admin: { ...readOnly, hidden: true } },
    { name: 'lastAttemptAt', type: 'date', admin: systemDate },
    { name: 'lastResponseStatus', type: 'number', admin: readOnly },
    {
      name: 'lastResponseBody',
      type: 'textarea',
      admin: { ...readOnly, description: 'First 8 KB of the last response body.' },
    },
    { name: 'lastError', type: 'text', admin: readOnly },
    { name: 'durationMs', type: 'number', admin: readOnly },
    {
      name: 'attemptLog',
      type: 'ui',
      admin: { components: { Field: '/components/admin/DeliveryAttempts#DeliveryAttempts' } },
    },
    // Declared here only to leave it unindexed: every claim and outcome rewrites it, and
    // nothing looks deliveries up by it.
    { name: 'updatedAt', type: 'date', admin: { hidden: true, disableBulkEdit: true } },
  ],
}
