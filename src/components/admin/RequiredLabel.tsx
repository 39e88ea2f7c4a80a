'use client'

import { FieldLabel } from '@payloadcms/ui'
import type { TextFieldLabelClientComponent } from 'payload'

/**
 * The label of a field that is required only sometimes (a product's stock "Reason", once units
 * are given), marked as Payload marks a required field: the field itself cannot be `required`,
 * or every save would ask for it.
 */
export const RequiredLabel: TextFieldLabelClientComponent = ({ field, path }) => (
  <FieldLabel
    label={field?.label}
    path={path}
    htmlFor={`field-${path?.replace(/\./g, '__')}`}
    required
  />
)
