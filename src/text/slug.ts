/** Lower-case words of letters and digits joined by single hyphens: `my-first-post`. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export const slugRule = 'lower-case letters, digits and single hyphens, e.g. "my-first-post"'

/** A slug made from a title, for the seed and for editors who leave the slug empty. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
