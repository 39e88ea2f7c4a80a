/** What the administrators' e-mail about an inquiry says. */
export type InquiryNotice = { subject: string; text: string }

/** Removes CR, LF and other control characters, so that a name cannot add mail headers. */
export function singleLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
}

export function inquiryNotice(inquiry: {
  id: number
  name: string
  email: string
  message: string
}): InquiryNotice {
  const name = singleLine(inquiry.name).slice(0, 120)
  return {
    subject: `New inquiry from ${name}`,
    text: `${name} <${inquiry.email}> wrote (inquiry ${inquiry.id}):\n\n${inquiry.message}\n`,
  }
}

/** Recipients from `ADMIN_NOTIFY_EMAILS` (comma-separated), or undefined when unset. */
export function configuredRecipients(setting: string | undefined): string[] | undefined {
  const addresses = (setting ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)
  return addresses.length ? addresses : undefined
}
