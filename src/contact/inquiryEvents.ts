import { z } from 'zod'

import { eventRecordId, eventTimestamp, exampleTimes } from '@/webhooks/eventFields'

/** `data` of `inquiry.created`. */
export const inquiryEventData = z
  .strictObject({
    id: eventRecordId.describe("The inquiry's id"),
    name: z.string().describe('The sender\u2019s name, as they typed it'),
    email: z.string().describe('The sender\u2019s email address, to answer them'),
    status: z.enum(['new', 'handled']).describe('`new` until someone handles it'),
    created_at: eventTimestamp.describe('When the form was sent'),
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
