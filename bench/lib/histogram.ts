/**
 * A log-bucketed latency histogram (2% resolution, 0.01 ms to ~10 min) that can be sent between
 * processes and merged, so a million socket deliveries cost a few kilobytes, not a million numbers.
 */
const BASE = 1.02;
const FLOOR_MS = 0.01;
const BUCKETS = 1100;
const LOG_BASE = Math.log(BASE);

export type HistogramData = { counts: number[]; count: number; sum: number; min: number; max: number };

export type Summary = { count: number; mean: number; p50: number; p95: number; p99: number; max: number };

export class Histogram {
  counts = new Float64Array(BUCKETS);
  count = 0;
  sum = 0;
  min = Number.POSITIVE_INFINITY;
  max = 0;

  record(ms: number): void {
    const value = Math.max(ms, FLOOR_MS);
    const index = Math.min(BUCKETS - 1, Math.ceil(Math.log(value / FLOOR_MS) / LOG_BASE));
    this.counts[index] = (this.counts[index] ?? 0) + 1;
    this.count += 1;
    this.sum += value;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  merge(other: HistogramData): void {
    other.counts.forEach((value, index) => {
      this.counts[index] = (this.counts[index] ?? 0) + value;
    });
    this.count += other.count;
    this.sum += other.sum;
    this.min = Math.min(this.min, other.min);
    this.max = Math.max(this.max, other.max);
  }

  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.ceil((p / 100) * this.count);
    let seen = 0;
    for (let index = 0; index < BUCKETS; index += 1) {
      seen += this.counts[index] ?? 0;
      if (seen >= rank) return Math.min(this.max, FLOOR_MS * BASE ** index);
    }
    return this.max;
  }

  summary(): Summary {
    const round = (value: number) => Math.round(value * 100) / 100;
    return {
      count: this.count,
      mean: round(this.count === 0 ? Number.NaN : this.sum / this.count),
      p50: round(this.percentile(50)),
      p95: round(this.percentile(95)),
      p99: round(this.percentile(99)),
      max: round(this.max),
    };
  }

  toJSON(): HistogramData {
    return {
      counts: Array.from(this.counts),
      count: this.count,
      sum: this.sum,
      min: this.min,
      max: this.max,
    };
  }

  static from(data: HistogramData): Histogram {
    const histogram = new Histogram();
    histogram.merge(data);
    return histogram;
  }
}
