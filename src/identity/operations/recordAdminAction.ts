import type { PayloadRequest } from 'payload'

import type { AuditLog } from '@/payload-types'
import { recordAudit } from './recordAudit'

/** Any JSON document, recorded verbatim as the entry's `data`. */
export type AdminActionData = AuditLog['data']

/** The action's name: the document's `action` member when it is a string, else `admin-action`. */
const actionName = (data: AdminActionData): string =>
  data && typeof data === 'object' && !Array.isArray(data) && typeof data.action === 'string'
    ? data.action
    : 'admin-action'

/**
 * Appends an entry to the audit log for the administrator of `req`: the action's name as sent,
 * marked `caller-given` (so that no name posted here passes for one the app records: a
 * `publish` sent here is not a publication), the user, the current time and `data` as given.
 * One write, in `req`'s transaction when it has one.
 */
export async function recordAdminAction(args: {
  req: PayloadRequest
  data: AdminActionData
}): Promise<void> {
  const { req, data } = args
  await recordAudit(req, { action: actionName(data), source: 'caller-given', data })
}
