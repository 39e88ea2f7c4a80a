import * as migration_20261122_022432_initial from './20261122_022432_initial';
import * as migration_20261122_034039_articles from './20261122_034039_articles';
import * as migration_20261122_035335_pages_and_search from './20261122_035335_pages_and_search';
import * as migration_20261122_040121_inquiries from './20261122_040121_inquiries';
import * as migration_20261122_042524_webhooks_and_shop from './20261122_042524_webhooks_and_shop';
import * as migration_20261124_033225_webhook_isolation_and_recover from './20261124_033225_webhook_isolation_and_recover';
import * as migration_20261124_052455_no_account_lockout from './20261124_052455_no_account_lockout';
import * as migration_20261124_091652_payment_sandbox_sessions from './20261124_091652_payment_sandbox_sessions';
import * as migration_20261124_092428_order_titles from './20261124_092428_order_titles';
import * as migration_20261125_060630_concurrent_writers from './20261125_060630_concurrent_writers';
import * as migration_20261125_102423_content_media_drafts from './20261125_102423_content_media_drafts';
import * as migration_20261125_192938_webhook_engine_events_attempts_filters from './20261125_192938_webhook_engine_events_attempts_filters';
import * as migration_20261126_061539_portal_attempt_request_headers from './20261126_061539_portal_attempt_request_headers';
import * as migration_20261126_061626_portal_sessions from './20261126_061626_portal_sessions';
import * as migration_20261126_132343_portal_session_key from './20261126_132343_portal_session_key';
import * as migration_20261126_193803_checkout_idempotency_keys from './20261126_193803_checkout_idempotency_keys';
import * as migration_20261126_195331_deliveries_without_subscription_key from './20261126_195331_deliveries_without_subscription_key';
import * as migration_20261126_224714_buyer_order_token from './20261126_224714_buyer_order_token';
import * as migration_20261127_023049_order_refund_statuses from './20261127_023049_order_refund_statuses';
import * as migration_20261127_023050_order_refunds from './20261127_023050_order_refunds';
import * as migration_20261127_023243_payment_sandbox_refunds from './20261127_023243_payment_sandbox_refunds';
import * as migration_20261127_023550_order_payment_index from './20261127_023550_order_payment_index';
import * as migration_20261127_031010_content_locales from './20261127_031010_content_locales';
import * as migration_20261127_192943_test_event_addressee from './20261127_192943_test_event_addressee';
import * as migration_20261127_201154_order_status_reason from './20261127_201154_order_status_reason';
import * as migration_20261127_224448_checkout_key_own_id from './20261127_224448_checkout_key_own_id';
import * as migration_20261128_141647_endpoint_backoff_resume from './20261128_141647_endpoint_backoff_resume';
import * as migration_20261128_152026_search_index from './20261128_152026_search_index';
import * as migration_20261128_171441_consumer_grants from './20261128_171441_consumer_grants';
import * as migration_20261128_172624_audit_trail from './20261128_172624_audit_trail';
import * as migration_20261128_173700_order_payment_problem from './20261128_173700_order_payment_problem';
import * as migration_20261128_175412_admin_suspension from './20261128_175412_admin_suspension';
import * as migration_20261128_202936_workflow_author_role from './20261128_202936_workflow_author_role';
import * as migration_20261128_203213_order_archive from './20261128_203213_order_archive';
import * as migration_20261128_205607_workflow_review_stages from './20261128_205607_workflow_review_stages';
import * as migration_20261128_212814_workflow_releases from './20261128_212814_workflow_releases';
import * as migration_20261129_005926_search_index_per_collection from './20261129_005926_search_index_per_collection';
import * as migration_20261129_041359_article_status_counts from './20261129_041359_article_status_counts';
import * as migration_20261129_043351_search_index_upkeep from './20261129_043351_search_index_upkeep';
import * as migration_20261129_134519_webhook_claim_in_place from './20261129_134519_webhook_claim_in_place';
import * as migration_20261130_091919_webhook_deliveries_finished_index from './20261130_091919_webhook_deliveries_finished_index';
import * as migration_20261130_123036_webhook_deliveries_event_seq_key from './20261130_123036_webhook_deliveries_event_seq_key';

export const migrations = [
  {
    up: migration_20261122_022432_initial.up,
    down: migration_20261122_022432_initial.down,
    name: '20261122_022432_initial',
  },
  {
    up: migration_20261122_034039_articles.up,
    down: migration_20261122_034039_articles.down,
    name: '20261122_034039_articles',
  },
  {
    up: migration_20261122_035335_pages_and_search.up,
    down: migration_20261122_035335_pages_and_search.down,
    name: '20261122_035335_pages_and_search',
  },
  {
    up: migration_20261122_040121_inquiries.up,
    down: migration_20261122_040121_inquiries.down,
    name: '20261122_040121_inquiries',
  },
  {
    up: migration_20261122_042524_webhooks_and_shop.up,
    down: migration_20261122_042524_webhooks_and_shop.down,
    name: '20261122_042524_webhooks_and_shop',
  },
  {
    up: migration_20261124_033225_webhook_isolation_and_recover.up,
    down: migration_20261124_033225_webhook_isolation_and_recover.down,
    name: '20261124_033225_webhook_isolation_and_recover',
  },
  {
    up: migration_20261124_052455_no_account_lockout.up,
    down: migration_20261124_052455_no_account_lockout.down,
    name: '20261124_052455_no_account_lockout',
  },
  {
    up: migration_20261124_091652_payment_sandbox_sessions.up,
    down: migration_20261124_091652_payment_sandbox_sessions.down,
    name: '20261124_091652_payment_sandbox_sessions',
  },
  {
    up: migration_20261124_092428_order_titles.up,
    down: migration_20261124_092428_order_titles.down,
    name: '20261124_092428_order_titles',
  },
  {
    up: migration_20261125_060630_concurrent_writers.up,
    down: migration_20261125_060630_concurrent_writers.down,
    name: '20261125_060630_concurrent_writers',
  },
  {
    up: migration_20261125_102423_content_media_drafts.up,
    down: migration_20261125_102423_content_media_drafts.down,
    name: '20261125_102423_content_media_drafts',
  },
  {
    up: migration_20261125_192938_webhook_engine_events_attempts_filters.up,
    down: migration_20261125_192938_webhook_engine_events_attempts_filters.down,
    name: '20261125_192938_webhook_engine_events_attempts_filters',
  },
  {
    up: migration_20261126_061539_portal_attempt_request_headers.up,
    down: migration_20261126_061539_portal_attempt_request_headers.down,
    name: '20261126_061539_portal_attempt_request_headers',
  },
  {
    up: migration_20261126_061626_portal_sessions.up,
    down: migration_20261126_061626_portal_sessions.down,
    name: '20261126_061626_portal_sessions',
  },
  {
    up: migration_20261126_132343_portal_session_key.up,
    down: migration_20261126_132343_portal_session_key.down,
    name: '20261126_132343_portal_session_key',
  },
  {
    up: migration_20261126_193803_checkout_idempotency_keys.up,
    down: migration_20261126_193803_checkout_idempotency_keys.down,
    name: '20261126_193803_checkout_idempotency_keys',
  },
  {
    up: migration_20261126_195331_deliveries_without_subscription_key.up,
    down: migration_20261126_195331_deliveries_without_subscription_key.down,
    name: '20261126_195331_deliveries_without_subscription_key',
  },
  {
    up: migration_20261126_224714_buyer_order_token.up,
    down: migration_20261126_224714_buyer_order_token.down,
    name: '20261126_224714_buyer_order_token',
  },
  {
    up: migration_20261127_023049_order_refund_statuses.up,
    down: migration_20261127_023049_order_refund_statuses.down,
    name: '20261127_023049_order_refund_statuses',
  },
  {
    up: migration_20261127_023050_order_refunds.up,
    down: migration_20261127_023050_order_refunds.down,
    name: '20261127_023050_order_refunds',
  },
  {
    up: migration_20261127_023243_payment_sandbox_refunds.up,
    down: migration_20261127_023243_payment_sandbox_refunds.down,
    name: '20261127_023243_payment_sandbox_refunds',
  },
  {
    up: migration_20261127_023550_order_payment_index.up,
    down: migration_20261127_023550_order_payment_index.down,
    name: '20261127_023550_order_payment_index',
  },
  {
    up: migration_20261127_031010_content_locales.up,
    down: migration_20261127_031010_content_locales.down,
    name: '20261127_031010_content_locales',
  },
  {
    up: migration_20261127_192943_test_event_addressee.up,
    down: migration_20261127_192943_test_event_addressee.down,
    name: '20261127_192943_test_event_addressee',
  },
  {
    up: migration_20261127_201154_order_status_reason.up,
    down: migration_20261127_201154_order_status_reason.down,
    name: '20261127_201154_order_status_reason',
  },
  {
    up: migration_20261127_224448_checkout_key_own_id.up,
    down: migration_20261127_224448_checkout_key_own_id.down,
    name: '20261127_224448_checkout_key_own_id',
  },
  {
    up: migration_20261128_141647_endpoint_backoff_resume.up,
    down: migration_20261128_141647_endpoint_backoff_resume.down,
    name: '20261128_141647_endpoint_backoff_resume',
  },
  {
    up: migration_20261128_152026_search_index.up,
    down: migration_20261128_152026_search_index.down,
    name: '20261128_152026_search_index',
  },
  {
    up: migration_20261128_171441_consumer_grants.up,
    down: migration_20261128_171441_consumer_grants.down,
    name: '20261128_171441_consumer_grants',
  },
  {
    up: migration_20261128_172624_audit_trail.up,
    down: migration_20261128_172624_audit_trail.down,
    name: '20261128_172624_audit_trail',
  },
  {
    up: migration_20261128_173700_order_payment_problem.up,
    down: migration_20261128_173700_order_payment_problem.down,
    name: '20261128_173700_order_payment_problem',
  },
  {
    up: migration_20261128_175412_admin_suspension.up,
    down: migration_20261128_175412_admin_suspension.down,
    name: '20261128_175412_admin_suspension',
  },
  {
    up: migration_20261128_202936_workflow_author_role.up,
    down: migration_20261128_202936_workflow_author_role.down,
    name: '20261128_202936_workflow_author_role',
  },
  {
    up: migration_20261128_203213_order_archive.up,
    down: migration_20261128_203213_order_archive.down,
    name: '20261128_203213_order_archive',
  },
  {
    up: migration_20261128_205607_workflow_review_stages.up,
    down: migration_20261128_205607_workflow_review_stages.down,
    name: '20261128_205607_workflow_review_stages',
  },
  {
    up: migration_20261128_212814_workflow_releases.up,
    down: migration_20261128_212814_workflow_releases.down,
    name: '20261128_212814_workflow_releases',
  },
  {
    up: migration_20261129_005926_search_index_per_collection.up,
    down: migration_20261129_005926_search_index_per_collection.down,
    name: '20261129_005926_search_index_per_collection',
  },
  {
    up: migration_20261129_041359_article_status_counts.up,
    down: migration_20261129_041359_article_status_counts.down,
    name: '20261129_041359_article_status_counts',
  },
  {
    up: migration_20261129_043351_search_index_upkeep.up,
    down: migration_20261129_043351_search_index_upkeep.down,
    name: '20261129_043351_search_index_upkeep',
  },
  {
    up: migration_20261129_134519_webhook_claim_in_place.up,
    down: migration_20261129_134519_webhook_claim_in_place.down,
    name: '20261129_134519_webhook_claim_in_place',
  },
  {
    up: migration_20261130_091919_webhook_deliveries_finished_index.up,
    down: migration_20261130_091919_webhook_deliveries_finished_index.down,
    name: '20261130_091919_webhook_deliveries_finished_index',
  },
  {
    up: migration_20261130_123036_webhook_deliveries_event_seq_key.up,
    down: migration_20261130_123036_webhook_deliveries_event_seq_key.down,
    name: '20261130_123036_webhook_deliveries_event_seq_key'
  },
];
