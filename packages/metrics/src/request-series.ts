import type { Metric, Registry } from 'prom-client';

/** One route, method and status: its answers and their latency histogram (a count per bucket, not cumulative). */
interface StatusSeries {
  buckets: Float64Array;
  sum: number;
  count: number;
}

/** One route and method, by status: a fast 503 never mixes into the latency of the answers that did the work. */
type MethodSeries = Map<number, StatusSeries>;

interface RouteSeries {
  fast: number;
  methods: Map<string, MethodSeries>;
}

/** A value as prom-client's registry formats it: `metricName` for a histogram's `_bucket`, `_sum` and `_count` lines. */
interface Value {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/**
 * What a prom-client registry reads of a metric when scraped (registry.js: `name`, `type`, and
 * `get()`'s help and values; `reset()` for `resetMetrics`). Its typings list only its own metric
 * classes, hence the cast in `register`.
 */
interface ScrapedMetric {
  readonly name: string;
  readonly type: 'counter' | 'histogram';
  get(): { name: string; help: string; type: string; values: Value[]; aggregator: 'sum' };
  reset(): void;
}

/**
 * Requests by route, method and status, with their latency, kept as plain counts: a request costs
 * three Map probes on strings the route table and the HTTP parser already hold, where prom-client's
 * Counter and Histogram build and hash a label object per call. The registry reads them as
 * prom-client's own counter and histogram when scraped (`register`).
 * Routes are path templates and methods those Node's parser knows, so the series stay few.
 */
export class RequestSeries {
  private readonly routes = new Map<string, RouteSeries>();

  /** `buckets`: the histogram's upper bounds in seconds, ascending. */
  constructor(private readonly buckets: readonly number[]) {}

  record(route: string, method: string, status: number, seconds: number, fast: boolean): void {
    let series = this.routes.get(route);
    if (series === undefined) this.routes.set(route, (series = { fast: 0, methods: new Map() }));
    if (fast) series.fast++;
    let statuses = series.methods.get(method);
    if (statuses === undefined) series.methods.set(method, (statuses = new Map()));
    let m = statuses.get(status);
    if (m === undefined) statuses.set(status, (m = { buckets: new Float64Array(this.buckets.length), sum: 0, count: 0 }));
    let i = 0;
    while (i < this.buckets.length && seconds > this.buckets[i]!) i++;
    if (i < this.buckets.length) m.buckets[i]!++;
    m.sum += seconds;
    m.count++;
  }

  /** Requests answered, labelled route, method and status. */
  private counts({ name, help }: { name: string; help: string }): ScrapedMetric {
    return this.metric(name, help, 'counter', () =>
      this.each((route, method, status, m) => [{ labels: { route, method, status }, value: m.count }]),
    );
  }

  /** The latency histogram, labelled route, method and status, as prom-client writes one: cumulative `_bucket`s with `le`, `_sum`, `_count`. */
  private durations({ name, help }: { name: string; help: string }): ScrapedMetric {
    return this.metric(name, help, 'histogram', () =>
      this.each((route, method, status, m) => {
        const values: Value[] = [];
        let cumulative = 0;
        this.buckets.forEach((le, i) => {
          cumulative += m.buckets[i]!;
          values.push({ labels: { le, route, method, status }, value: cumulative, metricName: `${name}_bucket` });
        });
        values.push({ labels: { le: '+Inf', route, method, status }, value: m.count, metricName: `${name}_bucket` });
        values.push({ labels: { route, method, status }, value: m.sum, metricName: `${name}_sum` });
        values.push({ labels: { route, method, status }, value: m.count, metricName: `${name}_count` });
        return values;
      }),
    );
  }

  /** Requests the fast path answered, labelled route. */
  private fastAnswers({ name, help }: { name: string; help: string }): ScrapedMetric {
    return this.metric(name, help, 'counter', () => [...this.routes].filter(([, s]) => s.fast > 0).map(([route, s]) => ({ labels: { route }, value: s.fast })));
  }

  /** Registers the three metrics in `registry`. */
  register(registry: Registry, names: Record<'counts' | 'durations' | 'fastAnswers', { name: string; help: string }>): void {
    for (const metric of [this.counts(names.counts), this.durations(names.durations), this.fastAnswers(names.fastAnswers)]) registry.registerMetric(metric as unknown as Metric);
  }

  private each<T>(values: (route: string, method: string, status: string, m: StatusSeries) => T[]): T[] {
    return [...this.routes].flatMap(([route, series]) => [...series.methods].flatMap(([method, statuses]) => [...statuses].flatMap(([status, m]) => values(route, method, String(status), m))));
  }

  private metric(name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]): ScrapedMetric {
    return { name, type, get: () => ({ name, help, type, values: values(), aggregator: 'sum' }), reset: () => this.routes.clear() };
  }
}
