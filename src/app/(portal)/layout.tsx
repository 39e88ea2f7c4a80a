import type { Metadata } from 'next'
import { connection } from 'next/server'
import type { ReactNode } from 'react'

import './portal/portal.css'

export const metadata: Metadata = {
  title: { template: '%s · Webhook portal', default: 'Webhook portal' },
  description: 'Manage your webhook endpoints and read their delivery logs.',
  robots: { index: false, follow: false },
  // No icon file: an empty one keeps the browser from asking for /favicon.ico (a 404 here).
  icons: { icon: 'data:,' },
}

/**
 * The integrator portal's root layout (its own: the admin panel has another). Rendered on each
 * request, so that Next can put the request's CSP nonce on its scripts.
 */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  await connection()
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
