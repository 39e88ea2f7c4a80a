/** Payload's `req.context`: whatever the caller of a write put there. */
type RequestContext = Record<string, unknown>

/**
 * Context of the writes the system makes to orders (checkout, payment confirmation, expiry).
 * Hooks let them through without the admin-panel transition rules and without announcing them
 * as an administrator's change: the operations that make them announce what they did.
 */
export const systemWrite: RequestContext = { isSystemOrderWrite: true }

export const isSystemWrite = (context: RequestContext | undefined) =>
  context?.isSystemOrderWrite === true
