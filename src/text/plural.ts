/**
 * A count with its noun in the right form for `locale` ("1 attempt", "3 attempts"; Russian's
 * "1 попытка", "3 попытки", "5 попыток"), chosen by `Intl.PluralRules`: the forms are given by
 * category (`one`, `few`, `many`, `other`), `other` for any category not given.
 */
export function countOf(
  count: number,
  forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string },
  locale = 'en',
): string {
  const category = new Intl.PluralRules(locale).select(count)
  return `${count} ${forms[category] ?? forms.other}`
}
