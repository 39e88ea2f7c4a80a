'use client'

import { useField } from '@payloadcms/ui'
import type { SelectFieldClientComponent } from 'payload'
import { useId, type CSSProperties } from 'react'

import { descriptionOf, labelOf } from './fieldLabel'

const row: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '8px',
  alignItems: 'start',
  margin: '6px 0',
}
const hint: CSSProperties = {
  gridColumn: 2,
  color: 'var(--theme-elevation-500)',
  fontSize: '13px',
  margin: 0,
}

/**
 * A consumer's `grants` (a `select` with `hasMany`) as checkboxes, each with what the grant lets
 * the consumer receive and read (`admin.custom.grantDescriptions`). The stored shape is the
 * select's: a list of grant names.
 */
export const GrantCheckboxes: SelectFieldClientComponent = ({ field, path, readOnly }) => {
  const { value, setValue, disabled } = useField<string[] | null>({ path })
  const id = useId()
  const selected = Array.isArray(value) ? value : []
  const isReadOnly = Boolean(readOnly || disabled)
  const descriptions = (field.admin?.custom?.grantDescriptions ?? {}) as Record<string, string>
  const description = descriptionOf(field)
  const options = field.options.map((option) =>
    typeof option === 'string'
      ? { value: option, label: option }
      : {
          value: option.value,
          label: typeof option.label === 'string' ? option.label : option.value,
        },
  )

  const toggle = (name: string, isTicked: boolean) => {
    const rest = selected.filter((other) => other !== name)
    setValue(isTicked ? [...rest, name] : rest)
  }

  return (
    <fieldset
      className="field-type"
      style={{ border: 0, padding: 0 }}
      aria-describedby={description ? `${id}-description` : undefined}
    >
      <legend className="field-label">{labelOf(field)}</legend>
      {options.map((option) => {
        const inputId = `${id}-${option.value}`
        return (
          <div style={row} key={option.value}>
            <input
              type="checkbox"
              id={inputId}
              name={`grants-${option.value}`}
              checked={selected.includes(option.value)}
              disabled={isReadOnly}
              onChange={(event) => toggle(option.value, event.target.checked)}
              aria-describedby={`${inputId}-hint`}
            />
            <label htmlFor={inputId}>{option.label}</label>
            <p id={`${inputId}-hint`} style={hint}>
              {descriptions[option.value] ?? ''}
            </p>
          </div>
        )
      })}
      {description ? (
        <p id={`${id}-description`} className="field-description" style={hint}>
          {description}
        </p>
      ) : null}
    </fieldset>
  )
}
