import type { PayloadRequest } from 'payload'

import type { AuditLog } from '@/payload-types'

/** Any JSON document, recorded verbatim as the entry's `data`. */
export type AdminActionData = AuditLog['data']

/** The action's name: the document's `action` member when it is a string, else `admin-action`. */
const actionName = (data: AdminActionData): string =>
  data && typeof data === 'object' && !Array.isArray(data) && typeof data.action === 'string'
    ? data.action
    : 'admin-action'

/**
 * Appends an entry to the audit log for the administrator of `req`: the action's name, the
 * user, the current time and `data` as given. One write, in `req`'s transaction when it has one.
 */
export async function recordAdminAction(args: {
  req: PayloadRequest
  data: AdminActionData
}): Promise<void> {
  const { req, data } = args
  await req.payload.create({
    collection: 'audit-log',
    data: {
      action: actionName(data),
      user: Number(req.user?.id),
      timestamp: new Date().toISOString(),
      // Payload's json field reads a string value as JSON text: a string is handed over as
      // the JSON text of itself, so "x" is stored as "x" and "{}" as the string "{}".
      data: typeof data === 'string' ? JSON.stringify(data) : data,
    },
    req,
  })
}
