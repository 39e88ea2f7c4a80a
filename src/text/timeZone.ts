/** Whether `name` is a time zone this runtime knows (an IANA name such as `Europe/Berlin`). Pure. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name })
    return true
  } catch {
    return false
  }
}
