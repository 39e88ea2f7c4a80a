'use client'

import { JoinField, useFormFields } from '@payloadcms/ui'
import type { JoinFieldClientComponent } from 'payload'

/**
 * A product's stock adjustments, as Payload's join table, read again after each save: the
 * table loads its rows once, so an adjustment the save just recorded ("Adjust stock by") would
 * only appear after a reload. A new `updatedAt` (every save sets it) mounts a fresh table.
 */
export const StockHistoryField: JoinFieldClientComponent = (props) => {
  const savedAt = useFormFields(([fields]) => fields.updatedAt?.value)
  return <JoinField key={String(savedAt)} {...props} />
}
