'use client'

import type { DefaultCellComponentProps } from 'payload'

import { signedDelta } from '@/shop/stockAdjustment'

/** A stock adjustment's delta in a list column with its sign: `+5`, `-2`. */
export function StockDeltaCell({ cellData }: DefaultCellComponentProps) {
  if (typeof cellData !== 'number') return null
  return <span>{signedDelta(cellData)}</span>
}
