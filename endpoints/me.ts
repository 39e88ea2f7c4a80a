import { defineEndpoint } from './http/defineEndpoint'

/**
 * `GET /api/v1/me`: who the credentials of the request belong to, so that an integrator can
 * check a key or token before anything else.
 */
export const me = defineEndpoint({
  path: '/v1/me',
  method: 'get',
  family: 'resource',
  access: 'authenticated',
  handler: (req) => {
    const user = req.user!
    const data =
      user.collection === 'users'
        ? { id: user.id, type: 'user', email: user.email, name: user.name ?? null, role: user.role }
        : { id: user.id, type: 'consumer', email: user.email, name: user.name }
    return Response.json({ data })
  },
})
