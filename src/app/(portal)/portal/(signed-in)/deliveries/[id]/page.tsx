import type { Metadata } from 'next'

import { DeliveryPage } from '@/components/portal/DeliveryPage'

type Props = { params: Promise<{ id: string }> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params
  return { title: `Delivery ${id}` }
}

export default async function DeliveryRoute({ params }: Props) {
  const { id } = await params
  return <DeliveryPage id={id} />
}
