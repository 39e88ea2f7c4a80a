'use client'

import { useRowLabel } from '@payloadcms/ui'

/** An order line labelled by its product: `Enamel mug × 2` (not "Item 01"). */
export function OrderLineLabel() {
  const { data, rowNumber } = useRowLabel<{ name?: string; quantity?: number }>()
  if (!data?.name) return <span>Line {(rowNumber ?? 0) + 1}</span>
  return (
    <span>
      {data.name} × {data.quantity ?? 1}
    </span>
  )
}
