import { useMutation } from '@tanstack/react-query';
import type { RecordModule } from '../record-module';
import { downloadFile } from './download-file';
import type { RecordsQuery } from './search-records';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type ExportRequest = { query: RecordsQuery; format: ExportFormat; columns: string[] };

/** `POST {api}/export`: the filtered records as a file the server streams; answers the file's name. */
export const exportRecords = (config: Pick<RecordModule, 'api'>, { query, format, columns }: ExportRequest) =>
  downloadFile(
    `${config.api}/export`,
    { method: 'POST', body: { ...query, page: 1, format, columns } },
    `${config.api}.${format}`,
  );

export const useExportRecords = (config: Pick<RecordModule, 'api'>) =>
  useMutation({ mutationFn: (request: ExportRequest) => exportRecords(config, request) });
