import type { Metadata } from 'next'

import { EventCatalogue } from '@/components/portal/EventCatalogue'

export const metadata: Metadata = { title: 'Event types' }

export default function EventTypesPage() {
  return <EventCatalogue />
}
