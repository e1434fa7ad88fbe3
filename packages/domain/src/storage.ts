import { z } from 'zod';
import { filterSchema, LOGICALS, searchBodySchema, sortSchema } from './search';

/** The plan's storage when it names none (and the trial plan's), and the most a plan may give. */
export const DEFAULT_PLAN_STORAGE_BYTES = 1_000_000_000;
export const MAX_PLAN_STORAGE_BYTES = 1_000_000_000_000;

/** Where a file came from: an upload, a message's attachment, an extraction, an import, the company's logo. */
export const STORAGE_MODULES = ['storage', 'message', 'extraction', 'import', 'logo'] as const;
export type StorageModuleName = (typeof STORAGE_MODULES)[number];

/**
 * A file of the company (API.md part 3, Storage); an upload larger than FILE_MAX_BYTES answers 413.
 * `url` is signed and expiring, usable without a token.
 */
export type StorageFile = {
  id: string;
  name: string;
  size: number;
  mime: string;
  module: StorageModuleName;
  reference_id: string;
  url: string;
  created_by: string;
  create_date: string;
};

/** `pagination.usage` of storage/search: bytes of every file of the company, and the plan's limit. */
export type StorageUsage = { used: number; limit: number };

/** The keys storage/search filters and sorts by. */
export const STORAGE_SEARCH_KEYS = [
  'name',
  'mime',
  'module',
  'reference_id',
  'size',
  'created_by',
  'create_date',
] as const;

/** `PUT storage/updateone/{id}`: a file is only renamed. */
export const storageRenameSchema = z.strictObject({ name: z.string().trim().min(1).max(255) });

/** The modules whose records an extraction writes. */
export const EXTRACTION_MODULES = ['contact', 'lead', 'deal', 'task', 'payment'] as const;
export type ExtractionModule = (typeof EXTRACTION_MODULES)[number];
export const EXTRACTION_FORMATS = ['csv', 'xlsx'] as const;
export type ExtractionFormat = (typeof EXTRACTION_FORMATS)[number];
export const EXTRACTION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExtractionStatusName = (typeof EXTRACTION_STATUSES)[number];

/** How long a download link stays valid: 5 s to 7 days, a day by default. */
export const EXTRACTION_LINK_MIN_SECONDS = 5;
export const EXTRACTION_LINK_MAX_SECONDS = 604_800;
export const EXTRACTION_LINK_DEFAULT_SECONDS = 86_400;
/** A done extraction's file is kept this long, then deleted with its storage file (the record stays). */
export const EXTRACTION_KEEP_DAYS = 7;

/** `extraction/create`: a module's search body, the columns in file order, the format and the link's life. */
export const extractionCreateSchema = z.strictObject({
  module: z.enum(EXTRACTION_MODULES),
  filters: z.array(filterSchema).max(50).default([]),
  logical: z.enum(LOGICALS).default('and'),
  sort: sortSchema.optional(),
  columns: z.array(z.string().min(1).max(100)).min(1).max(100),
  format: z.enum(EXTRACTION_FORMATS).default('csv'),
  expires_in: z
    .number()
    .int()
    .min(EXTRACTION_LINK_MIN_SECONDS)
    .max(EXTRACTION_LINK_MAX_SECONDS)
    .default(EXTRACTION_LINK_DEFAULT_SECONDS),
});
export type ExtractionCreate = z.output<typeof extractionCreateSchema>;
export type ExtractionCreateInput = z.input<typeof extractionCreateSchema>;

/** `extraction/search`: the search body (newest first). */
export const extractionSearchSchema = searchBodySchema;

/** An extraction (API.md part 3, Extractions): `url` and `url_expires_at` are null until it is done. */
export type Extraction = {
  id: string;
  module: ExtractionModule;
  filters: z.output<typeof filterSchema>[];
  logical: (typeof LOGICALS)[number];
  sort: z.output<typeof sortSchema> | null;
  columns: string[];
  format: ExtractionFormat;
  status: ExtractionStatusName;
  progress: number;
  rows: number;
  size: number;
  file_id: string | null;
  url: string | null;
  url_expires_at: string | null;
  expires_in: number;
  error: string;
  created_by: string;
  create_date: string;
  done_date: string | null;
};
