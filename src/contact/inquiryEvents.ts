import { z } from 'zod'

import { eventRecordId, eventTimestamp, exampleTimes } from '@/webhooks/eventFields'

/** `data` of `inquiry.created`. */
export const inquiryEventData = z
  .strictObject({
    id: eventRecordId,
    name: z.string(),
    email: z.string(),
    status: z.enum(['new', 'handled']),
    created_at: eventTimestamp,
  })
  .meta({ id: 'InquiryEventData' })
export type InquiryEventData = z.infer<typeof inquiryEventData>

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

/** The example `data` of `inquiry.created`. */
export const exampleInquiryEventData: InquiryEventData = {
  id: 5,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  status: 'new',
  created_at: exampleTimes.at,
}
