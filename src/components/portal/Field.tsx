import type { ReactNode } from 'react'

/** What a field's control carries: its id and the wiring to its hint and error. */
export type FieldControl = {
  id: string
  'aria-describedby': string | undefined
  'aria-invalid': true | undefined
}

type Common = {
  /** The control's id (the group's, for a group); hint and error take `<id>-hint`, `<id>-error`. */
  id: string
  label: ReactNode
  hint?: ReactNode
  /** The refusal's messages for this field, shown together beside it. */
  errors?: string[]
}

type Props =
  | (Common & {
      /**
       * `control` (the default): label, hint and error above one input, select or textarea.
       * `checkbox`: the box first, its label beside it, then hint and error.
       */
      kind?: 'control' | 'checkbox'
      children: (control: FieldControl) => ReactNode
    })
  | (Common & {
      /**
       * Several controls named by a legend (a fieldset): hint and error describe the group,
       * which takes the id so that an error summary's link can reach it; each control inside
       * is marked invalid with it.
       */
      kind: 'group'
      children: (group: { 'aria-invalid': true | undefined }) => ReactNode
    })

/** An API message, which follows a field's name ("events: choose ..."), as a sentence of its own. */
const asSentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1)

/**
 * A labelled form field with its hint and the API's error, wired for assistive technology: the
 * control is described by the hint and the error (read after the label) and marked invalid
 * while there is an error.
 */
export function Field(props: Props) {
  const { id, label, hint, errors } = props
  const hasError = errors !== undefined && errors.length > 0
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy =
    [hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ') || undefined
  const invalid = hasError ? true : undefined
  const error = hasError ? (
    <p id={errorId} className="field__error">
      {errors.map(asSentence).join(' ')}
    </p>
  ) : null

  if (props.kind === 'group') {
    return (
      <fieldset className="field fieldset" id={id} tabIndex={-1} aria-describedby={describedBy}>
        <legend className="field__label">{label}</legend>
        {hint ? (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        ) : null}
        {error}
        {props.children({ 'aria-invalid': invalid })}
      </fieldset>
    )
  }

  const control = props.children({ id, 'aria-describedby': describedBy, 'aria-invalid': invalid })
  if (props.kind === 'checkbox') {
    return (
      <div className="field checkbox">
        {control}
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p id={hintId} className="checkbox__hint">
            {hint}
          </p>
        ) : null}
        {error}
      </div>
    )
  }
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error}
      {control}
    </div>
  )
}
