'use client'

import { useField } from '@payloadcms/ui'
import type { CheckboxFieldClientComponent } from 'payload'

/**
 * At the top of a delivery's page in the admin panel: that it is a test, when it is, so that
 * nobody reads "order 1001 paid" of a test's example data as a real order's event.
 */
export const TestDeliveryNotice: CheckboxFieldClientComponent = ({ path }) => {
  const { value } = useField<boolean>({ path })
  if (value !== true) return null
  return (
    <p
      className="field-type test-delivery-notice"
      role="note"
      style={{
        margin: '0 0 24px',
        padding: '10px 14px',
        borderLeft: '4px solid var(--theme-warning-500)',
        background: 'var(--theme-warning-100)',
        color: 'var(--theme-elevation-900)',
      }}
    >
      This is a test delivery: sent by &ldquo;Send test event&rdquo; (or when the subscription was
      created), with example data, not a real record. Its body carries{' '}
      <code>&quot;test&quot;: true</code> and its request the header <code>webhook-test: true</code>
      .
    </p>
  )
}
