import type { Metadata } from 'next'

import { NewEndpoint } from '@/components/portal/NewEndpoint'

export const metadata: Metadata = { title: 'New endpoint' }

export default function NewEndpointPage() {
  return <NewEndpoint />
}
