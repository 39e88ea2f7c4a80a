import type { Metadata } from 'next'

import { EndpointList } from '@/components/portal/EndpointList'

export const metadata: Metadata = { title: 'Endpoints' }

export default function EndpointsPage() {
  return <EndpointList />
}
