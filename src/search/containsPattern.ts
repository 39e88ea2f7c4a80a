/**
 * A `LIKE`/`ILIKE` pattern (with `ESCAPE '\'`) matching `text` anywhere, its `%`, `_` and `\`
 * taken literally.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}
