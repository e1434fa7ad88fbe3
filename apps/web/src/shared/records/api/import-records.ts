import type { ImportJob, ImportJobReport } from '@conversa/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, firstOf } from '../../api-client';
import type { RecordModule } from '../record-module';
import { downloadFile } from './download-file';

/** The job as the dialog follows it: with its report once it has one. */
export type ImportProgress = ImportJob & { errors?: ImportJobReport['errors'] };

export const isFinished = (job: Pick<ImportJob, 'status'>) =>
  job.status === 'done' || job.status === 'failed';

/**
 * `POST imports/{api}` (multipart `file`): a file that is no sheet is refused at once (400); otherwise the
 * server answers the queued job, whose progress arrives by realtime.
 */
export const startImport = async (config: Pick<RecordModule, 'api'>, file: File): Promise<ImportJob> => {
  const body = new FormData();
  body.append('file', file);
  return firstOf(
    await api.request<ImportJob>(`imports/${config.api}`, { method: 'POST', body, errors: 'caller' }),
  );
};

export const useStartImport = (config: Pick<RecordModule, 'api'>) =>
  useMutation({ mutationFn: (file: File) => startImport(config, file) });

export const getImport = async (id: string, signal?: AbortSignal): Promise<ImportJobReport> =>
  firstOf(await api.request<ImportJobReport>(`imports/search/${id}`, { signal, errors: 'caller' }));

/**
 * The job with its report, read every few seconds while it runs: a realtime notification can be lost
 * (at most once), the job's state cannot.
 */
export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['imports', id] as const,
    queryFn: ({ signal }) => getImport(id, signal),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : 3000),
  });

export const useImportJob = (id: string | undefined) =>
  useQuery({ ...importQueryOptions(id ?? ''), enabled: Boolean(id) });

/** `GET imports/sample/{api}?format=csv`: the header row the import reads and two example lines. */
export const downloadSample = (config: Pick<RecordModule, 'api'>) =>
  downloadFile(
    `imports/sample/${config.api}?format=csv`,
    { method: 'GET' },
    `${config.api}-import-sample.csv`,
  );
