/** The label a field shows: its own when it has a string one, else its name in words. */
export function labelOf(field: { name?: string; label?: unknown }): string {
  if (typeof field.label === 'string') return field.label
  const name = field.name ?? ''
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The description a field shows, when it is a plain string. */
export function descriptionOf(field: { admin?: { description?: unknown } }): string | undefined {
  const description = field.admin?.description
  return typeof description === 'string' ? description : undefined
}
