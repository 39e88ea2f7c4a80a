import type { Metadata } from 'next'

import { EndpointPage } from '@/components/portal/EndpointPage'

export const metadata: Metadata = { title: 'Endpoint' }

export default async function EndpointRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return <EndpointPage id={id} />
}
