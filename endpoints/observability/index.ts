import { livenessEndpoint, readinessEndpoint } from './health'
import { metricsEndpoint } from './metrics'

/** Health checks and metrics, for load balancers, orchestrators and Prometheus. */
export const observabilityEndpoints = [livenessEndpoint, readinessEndpoint, metricsEndpoint]
