'use client'

import { Link, useConfig, useDocumentInfo } from '@payloadcms/ui'
import type { UIFieldClientComponent } from 'payload'

/**
 * On a webhook subscription's page in the admin panel: the link to its deliveries, the list of
 * webhook deliveries filtered to this subscription. Not prefetched: that list is rendered on the
 * server only when someone follows the link.
 */
export const SubscriptionDeliveriesLink: UIFieldClientComponent = () => {
  const { id } = useDocumentInfo()
  const {
    config: { routes },
  } = useConfig()
  if (id === undefined || id === null) return null
  const query = new URLSearchParams({ 'where[subscription][equals]': String(id) })
  return (
    <div className="field-type subscription-deliveries" style={{ marginBottom: '24px' }}>
      <p className="field-label">Deliveries</p>
      <Link href={`${routes.admin}/collections/webhook-deliveries?${query}`} prefetch={false}>
        Deliveries of this subscription
      </Link>
      <p className="field-description" style={{ margin: '4px 0 0' }}>
        Every event sent (or to be sent) to this endpoint, with each one&apos;s attempts.
      </p>
    </div>
  )
}
