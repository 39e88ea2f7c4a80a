import { RetryDeliveryButton as RetryDeliveryButton_ace41ea6c3fabab8368628219b861f9c } from '../../../components/RetryDeliveryButton'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/components/RetryDeliveryButton#RetryDeliveryButton": RetryDeliveryButton_ace41ea6c3fabab8368628219b861f9c,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
