import type { CollectionConfig } from 'payload'

import { isAdmin } from '../Identity/access/isAdmin'
import { readableWithGrant } from '../Identity/access/readableWithGrant'
import { inquiriesGrant } from '@/contact/webhookEventTypes'
import { emitBusinessEvent } from '../../hooks/emitBusinessEvent'
import type { Inquiry } from '@/payload-types'
import { ContactEvents } from '@/contact/webhookEventTypes'
import { toInquiryEventData } from '@/contact/inquiryEvents'

const inquiryEvents = emitBusinessEvent<Inquiry>({
  created: ContactEvents.InquiryCreated,
  toPayload: toInquiryEventData,
})

/**
 * Messages from the contact form (`POST /api/contact`). Only administrators read them, in the
 * admin panel, and mark them handled. The notification e-mail's delivery is tracked here so that
 * a mail server outage delays it instead of losing it.
 */
export const Inquiries: CollectionConfig = {
  slug: 'inquiries',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'email', 'status', 'createdAt', 'notifiedAt'],
    group: 'Messages',
  },
  hooks: { afterChange: [inquiryEvents.afterChange] },
  access: {
    // Consumers holding `inquiries` read every inquiry (read-only), as its events tell them.
    read: readableWithGrant(inquiriesGrant.name, isAdmin),
    // Created by the contact endpoint only (with its validation and rate limit).
    create: () => false,
    update: isAdmin,
    delete: isAdmin,
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200, admin: { readOnly: true } },
    { name: 'email', type: 'email', required: true, admin: { readOnly: true } },
    {
      name: 'message',
      type: 'textarea',
      required: true,
      maxLength: 5000,
      admin: { readOnly: true },
    },
    {
      name: 'status',
      type: 'select',
      options: ['new', 'handled'],
      defaultValue: 'new',
      required: true,
      admin: { position: 'sidebar' },
    },
    {
      name: 'notifiedAt',
      type: 'date',
      admin: {
        readOnly: true,
        position: 'sidebar',
        description: 'When administrators were e-mailed',
      },
    },
    {
      name: 'notifyAttempts',
      type: 'number',
      defaultValue: 0,
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'nextNotifyAt',
      type: 'date',
      index: true,
      admin: { readOnly: true, position: 'sidebar', description: 'Next try of the e-mail' },
    },
    { name: 'notifyError', type: 'text', admin: { readOnly: true, position: 'sidebar' } },
  ],
}
