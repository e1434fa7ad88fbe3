import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, firstOf } from '../../api-client';
import type { RecordModule } from '../record-module';
import { downloadFile } from './download-file';

/** A row the import could not store: its line in the file, the field, and why. */
export type ImportIssue = { line: number; path: string; message: string };

/** An import job as `imports/search/{id}` and the realtime `import` notifications describe it. */
export type ImportJob = {
  id: string;
  status: string;
  total: number;
  processed: number;
  created: number;
  skipped: number;
  failed: number;
  errors?: ImportIssue[];
};

export const FINISHED_STATUSES = ['done', 'failed', 'completed', 'error'];
export const isFinished = (job: Pick<ImportJob, 'status'>) => FINISHED_STATUSES.includes(job.status);

const asJob = (answer: Partial<ImportJob>): ImportJob => ({
  id: answer.id ?? '',
  status: answer.status ?? 'done',
  total: answer.total ?? (answer.created ?? 0) + (answer.skipped ?? 0) + (answer.failed ?? 0),
  processed: answer.processed ?? answer.total ?? 0,
  created: answer.created ?? 0,
  skipped: answer.skipped ?? 0,
  failed: answer.failed ?? 0,
  errors: answer.errors,
});

/**
 * `POST imports/{api}` (multipart `file`): the server answers the job at once; its progress arrives by
 * realtime. A server that imports while answering gives the finished report instead, taken as is.
 */
export const startImport = async (config: Pick<RecordModule, 'api'>, file: File): Promise<ImportJob> => {
  const body = new FormData();
  body.append('file', file);
  const envelope = await api.request<Partial<ImportJob>>(`imports/${config.api}`, {
    method: 'POST',
    body,
    errors: 'caller',
  });
  return asJob(firstOf(envelope));
};

export const useStartImport = (config: Pick<RecordModule, 'api'>) =>
  useMutation({ mutationFn: (file: File) => startImport(config, file) });

export const getImport = async (id: string, signal?: AbortSignal): Promise<ImportJob> =>
  asJob(firstOf(await api.request<Partial<ImportJob>>(`imports/search/${id}`, { signal, errors: 'caller' })));

export const importKey = (id: string) => ['imports', id] as const;

/**
 * The job's report, read when it finishes and, while it runs, every few seconds as well: a realtime
 * notification can be lost, the report cannot.
 */
export const importQueryOptions = (id: string, isRunning: boolean) =>
  queryOptions({
    queryKey: importKey(id),
    queryFn: ({ signal }) => getImport(id, signal),
    refetchInterval: isRunning ? 3000 : false,
  });

export const useImportJob = (id: string | undefined, isRunning: boolean) =>
  useQuery({ ...importQueryOptions(id ?? '', isRunning), enabled: Boolean(id) });

/** `GET imports/sample/{api}?format=csv`: a file with the columns the import reads. */
export const downloadSample = (config: Pick<RecordModule, 'api'>) =>
  downloadFile(`imports/sample/${config.api}?format=csv`, { method: 'GET' }, `${config.api}-sample.csv`);
