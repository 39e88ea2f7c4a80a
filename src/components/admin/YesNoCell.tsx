'use client'

import type { DefaultCellComponentProps } from 'payload'

/** A checkbox in a list column as a word, `Yes` or `No`, instead of a `true` / `false` chip. */
export function YesNoCell({ cellData }: DefaultCellComponentProps) {
  if (cellData === null || cellData === undefined) return null
  return <span>{cellData ? 'Yes' : 'No'}</span>
}
