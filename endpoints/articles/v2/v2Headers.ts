/** Every v2 answer names its media type, so that a client can tell which version answered. */
export const v2MediaType = 'application/vnd.app.v2+json'
export const v2Headers = { 'Content-Type': v2MediaType }
