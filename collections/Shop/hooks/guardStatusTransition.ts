import { ValidationError, type CollectionBeforeChangeHook } from 'payload'

import { isManualTransitionAllowed, type OrderStatus } from '@/shop/orderStatus'
import type { Order } from '@/payload-types'
import { isSystemWrite } from '@/shop/systemWrite'

/**
 * People (in the admin panel, over REST, or through the Local API without the system context)
 * move an order forward only: paid to shipped to delivered. Everything else is refused.
 */
export const guardStatusTransition: CollectionBeforeChangeHook<Order> = ({
  data,
  originalDoc,
  operation,
  context,
  req,
}) => {
  if (isSystemWrite(context)) return data
  if (operation === 'create') {
    throw new ValidationError({
      collection: 'orders',
      errors: [{ path: 'status', message: 'Orders are created by checkout only' }],
      req,
    })
  }
  const from = originalDoc?.status as OrderStatus
  const to = (data.status ?? from) as OrderStatus
  if (!isManualTransitionAllowed(from, to)) {
    throw new ValidationError({
      collection: 'orders',
      errors: [
        {
          path: 'status',
          message: `An order moves forward only (paid → shipped → delivered): ${from} → ${to} is not allowed`,
        },
      ],
      req,
    })
  }
  return data
}
