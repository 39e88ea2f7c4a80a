import { describeSuspension, type Suspension } from '@/webhooks/suspension'

/**
 * The 403 of a suspended consumer's API key, and what its ended portal session says: the
 * suspension, its reason, and what it stops.
 */
export function consumerSuspendedMessage(suspension: Suspension): string {
  return (
    `${describeSuspension('This API consumer', suspension)} Its API key and portal are ` +
    'refused, and its webhook deliveries are held (not lost) until an administrator ends the ' +
    'suspension.'
  )
}
