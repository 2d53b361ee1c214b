export { type MetricSources, ServiceMetrics } from './service-metrics';
