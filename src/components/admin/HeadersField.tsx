'use client'

import { Button, useField } from '@payloadcms/ui'
import type { JSONFieldClientComponent } from 'payload'
import { useId, useState, type CSSProperties } from 'react'

import { descriptionOf, labelOf } from './fieldLabel'

type HeaderRow = { key: number; name: string; value: string }

let nextKey = 1
const rowsOf = (value: unknown): HeaderRow[] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as Record<string, unknown>).map(([name, headerValue]) => ({
        key: nextKey++,
        name,
        value: typeof headerValue === 'string' ? headerValue : JSON.stringify(headerValue),
      }))
    : []

/** The stored shape (the API's): an object of header names and values; unnamed rows left out. */
const objectOf = (rows: HeaderRow[]) =>
  Object.fromEntries(
    rows.filter((row) => row.name.trim() !== '').map((row) => [row.name.trim(), row.value]),
  )

const sameObject = (left: unknown, right: unknown) =>
  JSON.stringify(left ?? {}) === JSON.stringify(right ?? {})

const rowStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr) auto',
  gap: '8px',
  alignItems: 'end',
  marginBottom: '8px',
}
/** Payload's own text inputs' look, from its theme's variables. */
export const inputStyle: CSSProperties = {
  display: 'block',
  width: '100%',
  minHeight: '40px',
  padding: '8px 12px',
  font: 'inherit',
  fontSize: '14px',
  color: 'var(--theme-elevation-800)',
  background: 'var(--theme-input-bg)',
  border: '1px solid var(--theme-elevation-150)',
  borderRadius: 'var(--style-radius-s)',
}
const small: CSSProperties = { display: 'block', fontSize: '13px', marginBottom: '4px' }

/**
 * A subscription's extra `headers` (a JSON object of names and values) as name / value rows,
 * with "Add header" and a remove button on each row. The stored shape stays the API's object;
 * the server's check (names a subscription may set, single-line values) says what it refuses.
 */
export const HeadersField: JSONFieldClientComponent = ({ field, path, readOnly }) => {
  const { value, setValue, showError, errorMessage, disabled } = useField<unknown>({ path })
  const [rows, setRows] = useState<HeaderRow[]>(() => rowsOf(value))
  const id = useId()
  const isReadOnly = Boolean(readOnly || disabled)

  // The form's value changed from elsewhere (loaded, saved, reset): show it (adjusted while
  // rendering, as React recommends over an effect).
  const [shownValue, setShownValue] = useState<unknown>(value)
  if (value !== shownValue) {
    setShownValue(value)
    if (!sameObject(objectOf(rows), value)) setRows(rowsOf(value))
  }

  const change = (next: HeaderRow[]) => {
    setRows(next)
    const object = objectOf(next)
    if (!sameObject(object, value)) setValue(object)
  }
  const update = (key: number, part: Partial<HeaderRow>) =>
    change(rows.map((row) => (row.key === key ? { ...row, ...part } : row)))

  const description = descriptionOf(field)
  const label = labelOf(field)
  const names = rows.map((row) => row.name.trim().toLowerCase())

  return (
    <fieldset
      className="field-type headers-field"
      aria-describedby={description ? `${id}-description` : undefined}
      style={{ border: 0, padding: 0, margin: '0 0 24px', minWidth: 0 }}
    >
      <legend className="field-label" style={{ padding: 0 }}>
        {label}
      </legend>
      <p id={`${id}-description`} className="field-description" style={{ marginTop: 0 }}>
        {description ??
          'Extra headers sent with every delivery, e.g. an authorization token of your endpoint.'}
      </p>
      {showError && errorMessage ? (
        <p role="alert" style={{ color: 'var(--theme-error-500)', fontWeight: 600 }}>
          {errorMessage}
        </p>
      ) : null}
      {rows.length === 0 ? <p>No extra headers.</p> : null}
      {rows.map((row, index) => {
        const number = index + 1
        const problem =
          row.name.trim() === '' && row.value !== ''
            ? 'Give this header a name, or remove the row: a value without a name is not saved.'
            : row.name.trim() !== '' && names.indexOf(row.name.trim().toLowerCase()) !== index
              ? 'This name is used above: only one of the two is saved.'
              : undefined
        const problemId = `${id}-${row.key}-problem`
        return (
          <div key={row.key} role="group" aria-label={`Header ${number}`}>
            <div style={rowStyle}>
              <label style={{ margin: 0 }}>
                <span style={small}>Name</span>
                <input
                  type="text"
                  style={inputStyle}
                  aria-label={`Name of header ${number}`}
                  aria-describedby={problem ? problemId : undefined}
                  value={row.name}
                  readOnly={isReadOnly}
                  spellCheck={false}
                  autoComplete="off"
                  placeholder="X-Team"
                  onChange={(event) => update(row.key, { name: event.target.value })}
                />
              </label>
              <label style={{ margin: 0 }}>
                <span style={small}>Value</span>
                <input
                  type="text"
                  style={inputStyle}
                  aria-label={`Value of header ${number}`}
                  value={row.value}
                  readOnly={isReadOnly}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(event) => update(row.key, { value: event.target.value })}
                />
              </label>
              {isReadOnly ? null : (
                <Button
                  buttonStyle="secondary"
                  size="medium"
                  margin={false}
                  aria-label={`Remove header ${number}`}
                  onClick={() => change(rows.filter((other) => other.key !== row.key))}
                >
                  Remove
                </Button>
              )}
            </div>
            {problem ? (
              <p id={problemId} style={{ color: 'var(--theme-error-500)', margin: '0 0 8px' }}>
                {problem}
              </p>
            ) : null}
          </div>
        )
      })}
      {isReadOnly ? null : (
        <Button
          buttonStyle="secondary"
          size="medium"
          onClick={() => setRows([...rows, { key: nextKey++, name: '', value: '' }])}
        >
          Add header
        </Button>
      )}
    </fieldset>
  )
}
