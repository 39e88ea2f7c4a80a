import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Payload's own catch-all serves /api; paths the spec puts outside /api are rewritten onto
  // Payload endpoints so that they share its authentication and request handling.
  async rewrites() {
    return {
      beforeFiles: [{ source: '/webhooks/:path*', destination: '/api/webhooks/:path*' }],
    }
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
