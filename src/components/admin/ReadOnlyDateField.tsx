'use client'

import { useField } from '@payloadcms/ui'
import type { DateFieldClientComponent } from 'payload'
import { useId } from 'react'

import { formatDateTime } from '@/text/dateTimeFormat'

import { descriptionOf, labelOf } from './fieldLabel'
import { inputStyle } from './HeadersField'

/** A time in the one date format of the admin panel and the portal; text that is no date as it is. */
const formatOrAsIs = (iso: string) =>
  Number.isNaN(new Date(iso).getTime()) ? iso : formatDateTime(iso)

/**
 * A date the system writes (a delivery's time, a back-off's end) shown as read-only text: a
 * focusable, selectable input nobody can change, with no date picker and no "×" to clear it
 * (Payload's own date field shows that button even when the field is read-only).
 */
export const ReadOnlyDateField: DateFieldClientComponent = ({ field, path }) => {
  const { value } = useField<string | null>({ path })
  const id = useId()
  const description = descriptionOf(field)
  return (
    <div className="field-type read-only-date read-only" style={{ marginBottom: '24px' }}>
      <label className="field-label" htmlFor={id}>
        {labelOf(field)}
      </label>
      <input
        id={id}
        type="text"
        readOnly
        aria-readonly="true"
        value={value ? formatOrAsIs(value) : ''}
        placeholder="Not yet"
        aria-describedby={description ? `${id}-description` : undefined}
        style={{ ...inputStyle, background: 'var(--theme-elevation-50)', maxWidth: '360px' }}
      />
      {description ? (
        <p id={`${id}-description`} className="field-description" style={{ margin: '4px 0 0' }}>
          {description}
        </p>
      ) : null}
    </div>
  )
}
