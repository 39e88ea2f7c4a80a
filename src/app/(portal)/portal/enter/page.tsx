import type { Metadata } from 'next'

import { EnterPortal } from '@/components/portal/EnterPortal'

export const metadata: Metadata = { title: 'Opening the portal' }

export default function EnterPage() {
  return <EnterPortal />
}
