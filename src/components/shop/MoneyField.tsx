'use client'

import { FieldDescription, FieldLabel, useField } from '@payloadcms/ui'
import type { NumberFieldClientComponent } from 'payload'

import { formatMoney } from './MoneyCell'

/**
 * A read-only amount in the edit view (an order's total, a line's price), shown as roubles with
 * two decimals instead of a bare number input.
 */
export const MoneyField: NumberFieldClientComponent = ({ field, path }) => {
  const { value } = useField<number>({ potentiallyStalePath: path })
  const id = `field-${path.replace(/\./g, '__')}`
  return (
    <div className="field-type money-field" style={{ marginBottom: 'var(--spacing-field)' }}>
      <FieldLabel label={field.label} path={path} htmlFor={id} />
      <output id={id} style={{ display: 'block', fontWeight: 600 }}>
        {formatMoney(value) || '—'}
      </output>
      {field.admin?.description ? (
        <FieldDescription description={field.admin.description} path={path} />
      ) : null}
    </div>
  )
}
