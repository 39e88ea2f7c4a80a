import { withPayload } from '@payloadcms/next/withPayload'

import { prefixRewrites } from './src/http/publicPaths.mjs'

/**
 * Hosts whose pages may load the development server's scripts and hot-reload socket. Next 16
 * refuses them to any other origin than `localhost`, which left the admin panel blank at
 * `127.0.0.1` (where the payment sandbox's links point) and at the public name of `SERVER_URL`.
 * `next start` ignores it.
 */
function developmentHosts(serverUrl) {
  const hosts = new Set(['localhost', '127.0.0.1'])
  if (URL.canParse(serverUrl ?? '')) hosts.add(new URL(serverUrl).hostname)
  return [...hosts]
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  allowedDevOrigins: developmentHosts(process.env.SERVER_URL),
  // Payload's own catch-all serves /api; the public paths outside /api are rewritten onto
  // Payload endpoints so that they share its authentication and request handling.
  async rewrites() {
    return {
      beforeFiles: [
        // The sales report and the consumer webhook API are served outside /api.
        ...prefixRewrites(),
        // Versioning by media type: the unversioned article paths with the v2 (or v1) Accept
        // header reach that version's handlers. The URL form (/api/v1/...) stays the main one.
        ...['v2', 'v1'].flatMap((version) =>
          ['/api/articles', '/api/articles/:path+'].map((source) => ({
            source,
            has: [
              {
                type: 'header',
                key: 'accept',
                value: `.*application/vnd\\.app\\.${version}\\+json.*`,
              },
            ],
            destination: source.replace('/api/articles', `/api/${version}/articles`),
          })),
        ),
        // The unversioned keyset form answers as v1 does; without after_id, /api/articles
        // stays Payload's own REST (the admin panel's).
        {
          source: '/api/articles',
          has: [{ type: 'query', key: 'after_id' }],
          destination: '/api/v1/articles',
        },
      ],
    }
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
