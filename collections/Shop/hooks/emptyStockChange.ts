import type { CollectionAfterChangeHook } from 'payload'

/**
 * The saved product comes back with "Adjust stock by" and its reason empty: the admin form
 * takes its values from this answer, and a delta left in the field would be applied again by
 * the editor's next save.
 */
export const emptyStockChange: CollectionAfterChangeHook = ({ doc }) => ({
  ...doc,
  stockChange: null,
  stockChangeReason: null,
})
