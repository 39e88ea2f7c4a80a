import type { DomainEvents, GrantDefinition } from '@/webhooks/eventCatalogue'
import { exampleInquiryEventData, inquiryEventData } from './inquiryEvents'

/** The contact domain's event type names. */
export const ContactEvents = {
  InquiryCreated: 'inquiry.created',
} as const

/** What `inquiry.created` needs: it carries a sender's name, e-mail and message. */
export const inquiriesGrant: GrantDefinition = {
  name: 'inquiries',
  label: 'Contact inquiries',
  description:
    'inquiry.created, and reading inquiries through the API (GET /api/inquiries, read-only): ' +
    "each sender's name, e-mail and message.",
}

/** The contact domain's event types, registered with the webhook catalogue by the composition root. */
export const contactEventTypes: DomainEvents = {
  grants: [inquiriesGrant],
  events: [
    {
      name: ContactEvents.InquiryCreated,
      orderingKey: 'inquiry:{id}',
      grant: inquiriesGrant.name,
      payload: inquiryEventData,
      description: 'A visitor submitted the contact form.',
      examplePayload: exampleInquiryEventData,
    },
  ],
}
