import type { ReactNode } from 'react'

import { PortalShell } from '@/components/portal/PortalShell'

/** Every portal page but the link's entry: the session, its header and navigation. */
export default function SignedInLayout({ children }: { children: ReactNode }) {
  return <PortalShell>{children}</PortalShell>
}
