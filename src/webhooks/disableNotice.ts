/** What the owner's e-mail about a disabled subscription says. */
export type DisableNotice = { subject: string; text: string }

/**
 * The e-mail telling a subscription's owner that it was disabled after `failures` failed
 * attempts in a row, and how to resume it and recover what it missed.
 */
export function disableNotice(args: {
  subscriptionId: string
  endpointUrl: string
  failures: number
}): DisableNotice {
  const { subscriptionId: id } = args
  // A stored URL has no line breaks; the subject stays one line whatever it holds.
  const endpoint = args.endpointUrl.replace(/[\u0000-\u001f\u007f]+/g, ' ')
  return {
    subject: `Webhook subscription disabled: ${endpoint}`,
    text:
      `Your webhook subscription ${id} to ${endpoint} failed ${args.failures} times in a row ` +
      'and has been disabled.\n\n' +
      `Fix the endpoint, then re-enable it with PATCH /webhooks/subscriptions/${id} ` +
      '{"is_active": true}. Pending deliveries resume once it is enabled; events you missed ' +
      `meanwhile can be queued again with POST /webhooks/subscriptions/${id}/recover ` +
      '{"since": "<ISO 8601 time>"}.',
  }
}
