'use client'

import {
  Button,
  FieldDescription,
  FieldLabel,
  useDocumentInfo,
  useFormFields,
} from '@payloadcms/ui'
import type { UIFieldClientComponent } from 'payload'
import { useState } from 'react'

import { formatDateTime } from '@/text/dateTimeFormat'
import { isArchivable } from '@/shop/orderArchive'
import type { OrderStatus } from '@/shop/orderStatus'

/** The message of a refused write, as Payload's REST words it (the field's own message first). */
function refusalOf(body: unknown, status: number): string {
  const errors = (body as { errors?: { message?: string; data?: unknown }[] } | null)?.errors
  const fieldErrors = (errors?.[0]?.data as { errors?: { message?: string }[] } | undefined)?.errors
  return fieldErrors?.[0]?.message ?? errors?.[0]?.message ?? `The change failed (HTTP ${status})`
}

/**
 * Archive (or bring back) an order that ended unpaid: archived orders leave the orders list,
 * which shows them again under "Show archived orders", and stay for the sales report and the
 * audit trail. A paid order offers nothing here (the server refuses it too).
 */
export const ArchiveOrderAction: UIFieldClientComponent = () => {
  const { id } = useDocumentInfo()
  const status = useFormFields(([fields]) => fields.status?.initialValue) as OrderStatus | undefined
  const archivedAt = useFormFields(([fields]) => fields.archivedAt?.initialValue) as
    string | null | undefined
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  if (!id || !status || (!archivedAt && !isArchivable(status))) return null

  const change = async (archive: boolean) => {
    setIsBusy(true)
    setError(null)
    try {
      const response = await fetch(`/api/orders/${id}`, {
        method: 'PATCH',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ archivedAt: archive ? new Date().toISOString() : null }),
      })
      if (response.ok) {
        window.location.reload()
        return
      }
      setError(refusalOf(await response.json().catch(() => null), response.status))
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <div
      className="field-type archive-order"
      role="group"
      aria-label="Archive"
      style={{ marginBottom: 'var(--spacing-field)' }}
    >
      <FieldLabel label="Archive" />
      {archivedAt ? (
        <p style={{ margin: '0 0 calc(var(--base) / 2)' }}>
          Archived on {formatDateTime(new Date(archivedAt))}: hidden from the orders list.
        </p>
      ) : null}
      {error ? (
        <p role="alert" style={{ color: 'var(--theme-error-500)' }}>
          {error}
        </p>
      ) : null}
      <Button
        type="button"
        buttonStyle="secondary"
        size="small"
        margin={false}
        disabled={isBusy}
        onClick={() => void change(!archivedAt)}
      >
        {archivedAt ? 'Back to the orders list' : 'Archive this order'}
      </Button>
      <FieldDescription
        path="archive"
        description={
          archivedAt
            ? 'It stays in the sales report and the audit trail either way.'
            : 'It ended unpaid: archiving hides it from the orders list (shown again under "Show archived orders"); the sales report and the audit trail keep it.'
        }
      />
    </div>
  )
}
