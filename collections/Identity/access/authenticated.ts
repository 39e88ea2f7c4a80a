import type { Access } from 'payload'

/** Anyone with valid credentials: a user or an API consumer. */
export const authenticated: Access = ({ req }) => Boolean(req.user)
