'use client'

import { useMemo } from 'react'

import { dateOrder, monthNames, type DateParts } from './dateParts'

/** The reader's language, as the browser tells it ('en' before the page runs in one). */
const readerLocale = () => (typeof navigator === 'undefined' ? 'en' : navigator.language || 'en')

/**
 * A date and time to filter by, as labelled parts in the order the reader's locale writes a
 * date (day, month, year in Russian or British English; month, day, year in American English),
 * the month by name and the time on the 24-hour clock, so that no reader meets mm/dd/yyyy
 * where they write dd.mm.yyyy, and nobody mistakes 03/04 for 4 March.
 */
export function DateFilter({
  id,
  legend,
  value,
  onChange,
  error,
}: {
  id: string
  legend: string
  value: DateParts
  onChange: (value: DateParts) => void
  error?: string
}) {
  const locale = readerLocale()
  const order = useMemo(() => dateOrder(locale), [locale])
  const months = useMemo(() => monthNames(locale), [locale])
  const errorId = `${id}-error`
  const invalid = error ? true : undefined
  const describedBy = error ? errorId : undefined
  const parts = {
    day: (
      <div className="date-filter__part" key="day">
        <label htmlFor={`${id}-day`}>Day</label>
        <input
          id={`${id}-day`}
          className="input input--day"
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          value={value.day}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ ...value, day: event.target.value })}
        />
      </div>
    ),
    month: (
      <div className="date-filter__part" key="month">
        <label htmlFor={`${id}-month`}>Month</label>
        <select
          id={`${id}-month`}
          className="input input--month"
          value={value.month}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ ...value, month: event.target.value })}
        >
          <option value="">—</option>
          {months.map((name, index) => (
            <option key={name} value={String(index + 1)}>
              {name}
            </option>
          ))}
        </select>
      </div>
    ),
    year: (
      <div className="date-filter__part" key="year">
        <label htmlFor={`${id}-year`}>Year</label>
        <input
          id={`${id}-year`}
          className="input input--year"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={value.year}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ ...value, year: event.target.value })}
        />
      </div>
    ),
  }
  return (
    <fieldset className="field fieldset date-filter" aria-describedby={describedBy}>
      <legend className="field__label">{legend}</legend>
      <div className="date-filter__parts">
        {order.map((part) => parts[part])}
        <div className="date-filter__part">
          <label htmlFor={`${id}-time`}>Time</label>
          <input
            id={`${id}-time`}
            className="input input--time"
            inputMode="numeric"
            autoComplete="off"
            placeholder="00:00"
            maxLength={5}
            value={value.time}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ ...value, time: event.target.value })}
          />
        </div>
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
