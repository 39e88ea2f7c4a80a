'use client'

import { SelectField, useField } from '@payloadcms/ui'
import type { SelectFieldClientComponent } from 'payload'

import { manualStatusChoices, orderStatuses, type OrderStatus } from '@/shop/orderStatus'

const isOrderStatus = (value: unknown): value is OrderStatus =>
  orderStatuses.includes(value as OrderStatus)

/**
 * An order's status in the admin panel: only the saved status and the next step of
 * fulfilment are offered (paid → shipped → delivered), and where no step is a person's to make
 * (pending, delivered, cancelled, expired) the field is read-only. The server refuses any other
 * move all the same (400, `collections/Shop/hooks/guardStatusTransition.ts`): this only keeps
 * the panel from offering it.
 */
export const OrderStatusField: SelectFieldClientComponent = (props) => {
  const { initialValue } = useField<string>({ potentiallyStalePath: props.path })
  const saved = isOrderStatus(initialValue) ? initialValue : undefined
  const choices = saved ? manualStatusChoices(saved) : [...orderStatuses]
  const options = props.field.options.filter((option) =>
    choices.includes((typeof option === 'string' ? option : option.value) as OrderStatus),
  )
  return (
    <SelectField
      {...props}
      field={{ ...props.field, options }}
      readOnly={props.readOnly || choices.length === 1}
    />
  )
}
