'use client'

import { SelectInput, useField } from '@payloadcms/ui'

/** The review stage as a choice among the collection's stages (given by `ReviewStageField`). */
export function ReviewStageSelect({
  path,
  options,
  readOnly,
}: {
  path: string
  options: { label: string; value: string; colour: string }[]
  readOnly?: boolean
}) {
  const { value, setValue } = useField<string>({ path })
  const current = options.find((option) => option.value === value)
  return (
    <div className="field-type review-stage" data-review-stage={value ?? ''}>
      <SelectInput
        path={path}
        name={path}
        label="Review stage"
        options={options.map(({ label, value }) => ({ label, value }))}
        value={value ?? undefined}
        readOnly={readOnly}
        isClearable={false}
        onChange={(option) => {
          const chosen = Array.isArray(option) ? option[0] : option
          if (chosen && typeof chosen === 'object' && 'value' in chosen) {
            setValue(chosen.value as string)
          }
        }}
        AfterInput={
          current ? (
            <span
              aria-hidden
              style={{
                display: 'inline-block',
                marginTop: 6,
                width: 40,
                height: 6,
                borderRadius: 3,
                background: current.colour,
              }}
            />
          ) : null
        }
      />
    </div>
  )
}
