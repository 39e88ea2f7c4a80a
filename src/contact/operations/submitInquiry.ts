import type { PayloadRequest } from 'payload'

import { sendInquiryNotices } from './sendInquiryNotices'

/** An inquiry as a visitor sends it. */
export type InquiryInput = { name: string; email: string; message: string }

/**
 * Stores an inquiry (status `new`, its notice due now) and returns its id without waiting for
 * the administrators' e-mail: the notice is started once the inquiry is stored, and a failure is
 * only logged, since the periodic notifier (`startInquiryNotifier`) retries it later.
 */
export async function submitInquiry(args: {
  req: PayloadRequest
  inquiry: InquiryInput
}): Promise<number> {
  const { req, inquiry } = args
  const stored = await req.payload.create({
    collection: 'inquiries',
    data: { ...inquiry, status: 'new', nextNotifyAt: new Date().toISOString() },
    req,
    overrideAccess: true,
    depth: 0,
  })
  void sendInquiryNotices(req.payload, { ids: [stored.id] }).catch((error) =>
    req.payload.logger.error({ msg: 'Inquiry notice failed', err: error }),
  )
  return stored.id
}
