import type { Summary } from './histogram';

export type Row = {
  metric: string;
  ours: string;
  limit: string;
  ratio: string;
  target: string;
  verdict: string;
};

export const ms = (value: number) =>
  Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 1)} ms` : 'n/a';
export const perSecond = (value: number) => `${Math.round(value).toLocaleString('en')}/s`;
export const pcts = (summary: Summary) =>
  summary.count === 0 ? 'n/a' : `${ms(summary.p50)} / ${ms(summary.p95)} / ${ms(summary.p99)}`;
export const ratio = (ours: number, limit: number) =>
  Number.isFinite(ours) && Number.isFinite(limit) && limit > 0 ? (ours / limit).toFixed(2) : 'n/a';
export const kib = (bytes: number) => (bytes / 1024).toFixed(1);
export const verdict = (isMet: boolean | undefined) => (isMet === undefined ? '' : isMet ? 'met' : 'MISSED');

export const markdownTable = (rows: Row[]): string => {
  const header = '| metric | ours | limit | ours / limit | target | |\n|---|---|---|---|---|---|';
  const lines = rows.map(
    (row) => `| ${row.metric} | ${row.ours} | ${row.limit} | ${row.ratio} | ${row.target} | ${row.verdict} |`,
  );
  return [header, ...lines].join('\n');
};
