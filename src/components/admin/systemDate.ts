/**
 * The admin options of a date only the system writes (a delivery's times, a back-off's end, an
 * order's payment): read-only text in the one date format (`ReadOnlyDateField`), since
 * Payload's date picker offers a "×" that seems to clear it even when the field is read-only.
 */
export const systemDate = {
  readOnly: true,
  components: { Field: '/components/admin/ReadOnlyDateField#ReadOnlyDateField' },
} as const
