'use client'

import { FieldLabel, useField, useFormFields } from '@payloadcms/ui'
import type { DefaultCellComponentProps, JSONFieldClientComponent } from 'payload'

import { formatDateTime } from '@/text/dateTimeFormat'
import {
  describeNextAttempt,
  fromNextAttemptResource,
  isNextAttemptResource,
} from '@/webhooks/nextAttempt'

/** A delivery's next attempt in words (`describeNextAttempt`), times in the one date format. */
function explain(value: unknown, attempts: unknown) {
  if (!isNextAttemptResource(value)) return null
  return describeNextAttempt(fromNextAttemptResource(value), {
    attempts: typeof attempts === 'number' ? attempts : 0,
    formatTime: formatDateTime,
  })
}

/** The list column of a delivery's next attempt: when and why, or why none comes. */
export function NextAttemptCell({ cellData, rowData }: DefaultCellComponentProps) {
  return <span>{explain(cellData, rowData?.attempts) ?? '—'}</span>
}

/**
 * A delivery's next attempt in its edit view, in words: when it comes and why (its own retry
 * time, or its endpoint's back-off), or why none comes, never a time that has passed.
 */
export const NextAttemptField: JSONFieldClientComponent = ({ field, path }) => {
  const { value } = useField<unknown>({ potentiallyStalePath: path })
  const attempts = useFormFields(([fields]) => fields.attempts?.value)
  const id = `field-${path.replace(/\./g, '__')}`
  return (
    <div className="field-type next-attempt" style={{ marginBottom: 'var(--spacing-field)' }}>
      <FieldLabel label={field.label} path={path} htmlFor={id} />
      <output id={id} style={{ display: 'block' }}>
        {explain(value, attempts) ?? '—'}
      </output>
    </div>
  )
}
