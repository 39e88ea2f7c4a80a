'use client'

import type { DefaultCellComponentProps } from 'payload'

/** A subscription's event types in a list column: `All events` for `*`, else the names. */
export function EventTypesCell({ cellData }: DefaultCellComponentProps) {
  if (!Array.isArray(cellData)) return null
  const names = cellData.filter((name): name is string => typeof name === 'string')
  return <span>{names.includes('*') ? 'All events' : names.join(', ')}</span>
}
