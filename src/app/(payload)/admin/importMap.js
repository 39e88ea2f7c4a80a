import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ScheduledPublicationCell as ScheduledPublicationCell_d37d7209623d5bb128091d8a03b2bda4 } from '../../../components/admin/ScheduledPublicationCell'
import { ReviewStageCell as ReviewStageCell_7c1855572fcfad73798badab18889590 } from '../../../components/admin/ReviewStageCell'
import { ReviewStageField as ReviewStageField_90c8fe96c3bab2e3075e55e0f87b88aa } from '../../../components/admin/ReviewStageField'
import { AuditHistoryLink as AuditHistoryLink_cd03e06987cda93c73ac2e58245879af } from '../../../components/admin/AuditHistoryLink'
import { ScheduledPublicationNotice as ScheduledPublicationNotice_a179585c62fb22d9e561e82a245b1140 } from '../../../components/admin/ScheduledPublicationNotice'
import { PublishButton as PublishButton_85c066c9e85977a669a8719b5844b2d5 } from '../../../components/admin/PublishButton'
import { ReleaseReadiness as ReleaseReadiness_6307c0b6b353076b18ca3cbd9684de5a } from '../../../components/admin/ReleaseReadiness'
import { AcceptedUploads as AcceptedUploads_996d951dc9857baa4818430eda83d567 } from '../../../components/admin/AcceptedUploads'
import { GrantCheckboxes as GrantCheckboxes_ee6c9bfa4f9f545f67ce473446eba7be } from '../../../components/admin/GrantCheckboxes'
import { OpenPortalButtons as OpenPortalButtons_6e41cfd8470feb6c62146c2d3750bea6 } from '../../../components/admin/OpenPortalButtons'
import { YesNoCell as YesNoCell_c819861bcfbec7c19feb676c4d30e0cc } from '../../../components/admin/YesNoCell'
import { ReadOnlyDateField as ReadOnlyDateField_a7d471e095e16c68f8154b95619867a8 } from '../../../components/admin/ReadOnlyDateField'
import { JsonField as JsonField_67ded6f373a7a4a0918c86c5a24ababc } from '../../../components/monaco/MonacoFields'
import { MoneyCell as MoneyCell_c258210060228f3456b1a1da297a8431 } from '../../../components/shop/MoneyCell'
import { RequiredLabel as RequiredLabel_ae006b2d6c375455eeca9ab0cdc46dbe } from '../../../components/admin/RequiredLabel'
import { StockHistoryField as StockHistoryField_be4c111f0b0ff282030921edbc1a8c72 } from '../../../components/shop/StockHistoryField'
import { StockDeltaCell as StockDeltaCell_3e79d9d2bb778618c296e7e7a0abc34c } from '../../../components/shop/StockDeltaCell'
import { OrderStatusField as OrderStatusField_25f79ae8c9936857403f86de0dc46074 } from '../../../components/shop/OrderStatusField'
import { MoneyField as MoneyField_f6dcedb4b8c759efe228ca2a2c7ddb50 } from '../../../components/shop/MoneyField'
import { OrderLineLabel as OrderLineLabel_cb9d467429baed2d8a884a695aab9fc2 } from '../../../components/shop/OrderLineLabel'
import { RefundOrderBox as RefundOrderBox_daae1b9eb93efac27f88c518dd9a3372 } from '../../../components/shop/OrderRefunds'
import { ArchiveOrderAction as ArchiveOrderAction_c3df95977cdf54502d192f0d79a6d628 } from '../../../components/shop/ArchiveOrderAction'
import { OrderRefundList as OrderRefundList_daae1b9eb93efac27f88c518dd9a3372 } from '../../../components/shop/OrderRefunds'
import { ArchivedOrdersLink as ArchivedOrdersLink_d46e4831e7a497210756e39d363dbb0a } from '../../../components/shop/ArchivedOrdersLink'
import { SubscriptionDeliveriesLink as SubscriptionDeliveriesLink_5b521371b44af50fd0953978d0d1b089 } from '../../../components/admin/SubscriptionDeliveriesLink'
import { EventTypesCell as EventTypesCell_ff556fdfc249c8a85afaa5f007d6e92f } from '../../../components/admin/EventTypesCell'
import { EventTypesField as EventTypesField_3fdfe953901f59fb3914c42ca99feeac } from '../../../components/admin/EventTypesField'
import { HeadersField as HeadersField_be74357c9ccbe636885f7f52879497fd } from '../../../components/admin/HeadersField'
import { TestDeliveryNotice as TestDeliveryNotice_ba2767c96c4cf115b589aa14a64290db } from '../../../components/admin/TestDeliveryNotice'
import { NextAttemptCell as NextAttemptCell_991e6b52860cb7dfcfb89fba26cd3737 } from '../../../components/admin/NextAttempt'
import { NextAttemptField as NextAttemptField_991e6b52860cb7dfcfb89fba26cd3737 } from '../../../components/admin/NextAttempt'
import { DeliveryAttempts as DeliveryAttempts_35ae949ed157f88f72818e2158589692 } from '../../../components/admin/DeliveryAttempts'
import { RetryDeliveryButton as RetryDeliveryButton_ace41ea6c3fabab8368628219b861f9c } from '../../../components/RetryDeliveryButton'
import { ReviewBoardLink as ReviewBoardLink_5ac94c0cddbf467d7907ff4caae5a164 } from '../../../components/admin/ReviewBoardLink'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { ReviewBoard as ReviewBoard_78ab6ab23fdd616d69c8bc6b7795f6ff } from '../../../components/admin/ReviewBoard'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/components/admin/ScheduledPublicationCell#ScheduledPublicationCell": ScheduledPublicationCell_d37d7209623d5bb128091d8a03b2bda4,
  "/components/admin/ReviewStageCell#ReviewStageCell": ReviewStageCell_7c1855572fcfad73798badab18889590,
  "/components/admin/ReviewStageField#ReviewStageField": ReviewStageField_90c8fe96c3bab2e3075e55e0f87b88aa,
  "/components/admin/AuditHistoryLink#AuditHistoryLink": AuditHistoryLink_cd03e06987cda93c73ac2e58245879af,
  "/components/admin/ScheduledPublicationNotice#ScheduledPublicationNotice": ScheduledPublicationNotice_a179585c62fb22d9e561e82a245b1140,
  "/components/admin/PublishButton#PublishButton": PublishButton_85c066c9e85977a669a8719b5844b2d5,
  "/components/admin/ReleaseReadiness#ReleaseReadiness": ReleaseReadiness_6307c0b6b353076b18ca3cbd9684de5a,
  "/components/admin/AcceptedUploads#AcceptedUploads": AcceptedUploads_996d951dc9857baa4818430eda83d567,
  "/components/admin/GrantCheckboxes#GrantCheckboxes": GrantCheckboxes_ee6c9bfa4f9f545f67ce473446eba7be,
  "/components/admin/OpenPortalButtons#OpenPortalButtons": OpenPortalButtons_6e41cfd8470feb6c62146c2d3750bea6,
  "/components/admin/YesNoCell#YesNoCell": YesNoCell_c819861bcfbec7c19feb676c4d30e0cc,
  "/components/admin/ReadOnlyDateField#ReadOnlyDateField": ReadOnlyDateField_a7d471e095e16c68f8154b95619867a8,
  "/components/monaco/MonacoFields#JsonField": JsonField_67ded6f373a7a4a0918c86c5a24ababc,
  "/components/shop/MoneyCell#MoneyCell": MoneyCell_c258210060228f3456b1a1da297a8431,
  "/components/admin/RequiredLabel#RequiredLabel": RequiredLabel_ae006b2d6c375455eeca9ab0cdc46dbe,
  "/components/shop/StockHistoryField#StockHistoryField": StockHistoryField_be4c111f0b0ff282030921edbc1a8c72,
  "/components/shop/StockDeltaCell#StockDeltaCell": StockDeltaCell_3e79d9d2bb778618c296e7e7a0abc34c,
  "/components/shop/OrderStatusField#OrderStatusField": OrderStatusField_25f79ae8c9936857403f86de0dc46074,
  "/components/shop/MoneyField#MoneyField": MoneyField_f6dcedb4b8c759efe228ca2a2c7ddb50,
  "/components/shop/OrderLineLabel#OrderLineLabel": OrderLineLabel_cb9d467429baed2d8a884a695aab9fc2,
  "/components/shop/OrderRefunds#RefundOrderBox": RefundOrderBox_daae1b9eb93efac27f88c518dd9a3372,
  "/components/shop/ArchiveOrderAction#ArchiveOrderAction": ArchiveOrderAction_c3df95977cdf54502d192f0d79a6d628,
  "/components/shop/OrderRefunds#OrderRefundList": OrderRefundList_daae1b9eb93efac27f88c518dd9a3372,
  "/components/shop/ArchivedOrdersLink#ArchivedOrdersLink": ArchivedOrdersLink_d46e4831e7a497210756e39d363dbb0a,
  "/components/admin/SubscriptionDeliveriesLink#SubscriptionDeliveriesLink": SubscriptionDeliveriesLink_5b521371b44af50fd0953978d0d1b089,
  "/components/admin/EventTypesCell#EventTypesCell": EventTypesCell_ff556fdfc249c8a85afaa5f007d6e92f,
  "/components/admin/EventTypesField#EventTypesField": EventTypesField_3fdfe953901f59fb3914c42ca99feeac,
  "/components/admin/HeadersField#HeadersField": HeadersField_be74357c9ccbe636885f7f52879497fd,
  "/components/admin/TestDeliveryNotice#TestDeliveryNotice": TestDeliveryNotice_ba2767c96c4cf115b589aa14a64290db,
  "/components/admin/NextAttempt#NextAttemptCell": NextAttemptCell_991e6b52860cb7dfcfb89fba26cd3737,
  "/components/admin/NextAttempt#NextAttemptField": NextAttemptField_991e6b52860cb7dfcfb89fba26cd3737,
  "/components/admin/DeliveryAttempts#DeliveryAttempts": DeliveryAttempts_35ae949ed157f88f72818e2158589692,
  "/components/RetryDeliveryButton#RetryDeliveryButton": RetryDeliveryButton_ace41ea6c3fabab8368628219b861f9c,
  "/components/admin/ReviewBoardLink#ReviewBoardLink": ReviewBoardLink_5ac94c0cddbf467d7907ff4caae5a164,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "/components/admin/ReviewBoard#ReviewBoard": ReviewBoard_78ab6ab23fdd616d69c8bc6b7795f6ff,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
