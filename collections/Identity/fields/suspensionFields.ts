import type { Field } from 'payload'

import { systemDate } from '@/components/admin/systemDate'
import { hasAdminRole } from '@/identity/roles'

/** Shown only while the row is suspended. */
const whileSuspended = (data: { suspended?: boolean | null } | undefined) =>
  data?.suspended === true

/**
 * The fields of an administrator's suspension (`hooks/stampSuspension.ts` stamps them): the
 * checkbox and reason an admin sets, when and by whom, which only the hook writes. `what` names
 * the row in the descriptions ("subscription", "consumer"); `effect` says what it stops.
 */
export function suspensionFields(what: string, effect: string): Field[] {
  return [
    {
      name: 'suspended',
      type: 'checkbox',
      defaultValue: false,
      admin: {
        description: `Suspend this ${what} with a reason: ${effect} Its consumer sees the reason and cannot undo it; untick to end the suspension.`,
        components: { Cell: '/components/admin/YesNoCell#YesNoCell' },
      },
    },
    {
      name: 'suspensionReason',
      label: 'Reason for the suspension',
      type: 'textarea',
      maxLength: 1000,
      admin: {
        condition: whileSuspended,
        description: 'Shown to the consumer in the portal and the API.',
      },
    },
    {
      name: 'suspendedAt',
      type: 'date',
      access: { update: () => false },
      admin: { ...systemDate, condition: whileSuspended },
    },
    {
      name: 'suspendedBy',
      type: 'relationship',
      relationTo: 'users',
      // Which administrator: theirs to know, not the consumer's.
      access: { read: ({ req }) => hasAdminRole(req.user), update: () => false },
      admin: { readOnly: true, condition: whileSuspended },
    },
  ]
}
