'use client'

import type { DefaultCellComponentProps } from 'payload'

import { formatRub } from '@/shop/money'

/** An amount in a list column, as roubles with two decimals: `1,580.00 RUB`. */
export function MoneyCell({ cellData }: DefaultCellComponentProps) {
  return <span>{formatMoney(cellData)}</span>
}

/** `1,580.00 RUB`; empty for no value, and the raw value should it not be an amount. */
export function formatMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return ''
  try {
    return formatRub(value as number | string)
  } catch {
    return String(value)
  }
}
