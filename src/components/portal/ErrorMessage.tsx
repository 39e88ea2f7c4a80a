import type { ApiError } from './portalApi'

/** A refused call, said in words, announced at once (`role="alert"`). */
export function ErrorMessage({ error, what }: { error: ApiError; what?: string }) {
  const reason =
    error.status === 403
      ? `${error.message} (this session may not make changes)`
      : error.status === 404
        ? 'it does not exist, or it is not yours.'
        : error.message
  return (
    <p role="alert" className="message message--error">
      {what ? `${what}: ` : ''}
      {reason}
    </p>
  )
}
