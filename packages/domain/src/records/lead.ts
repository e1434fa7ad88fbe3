import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { findCountry, isValidPhone, normalizePhone } from '../countries';
import { refineSafeInput } from '../input-limits';
import { EMAIL_PATTERN, MESSAGES, requiredText } from '../validation';
import {
  createDateField,
  field,
  ownerField,
  personFields,
  type RecordField,
  tagsField,
} from './record-fields';

/** A lead (API.md part 2): flat, so its filter keys are these names. */
export type Lead = {
  id: string;
  client_id: string;
  first_name: string;
  last_name: string;
  full_name: string;
  phone: string;
  email: string;
  document: string;
  country: string;
  tags: string[];
  status_id: string;
  owner: string[];
  source: string;
  /** The contact it became; '' until converted. A converted lead cannot be converted again. */
  converted_contact_id: string;
  create_date: string;
};

export const LEAD_FIELDS: readonly RecordField[] = [
  ...personFields('', { isPhoneEditable: true, isCountryVisible: false }),
  field(
    'status_id',
    'status',
    'select',
    ['sortable', 'filter', 'editable', 'exportable', 'visible'],
    'status_id',
  ),
  tagsField(),
  ownerField(true),
  field('source', 'source', 'text', [
    'sortable',
    'filter',
    'editable',
    'exportable',
    'importable',
    'visible',
  ]),
  field('converted_contact_id', 'convertedContact', 'text', ['filter', 'exportable']),
  createDateField(),
];

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), { error: MESSAGES.email });

const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => findCountry(code) !== undefined, { error: MESSAGES.invalid });

const listIds = z.array(z.string().max(64)).max(50);

const leadFields = {
  first_name: requiredText().max(60),
  last_name: z.string().trim().max(60),
  phone: z
    .string({ error: MESSAGES.required })
    .transform(normalizePhone)
    .pipe(z.string().min(1, MESSAGES.required)),
  email: optionalEmail,
  document: z.string().trim().max(64),
  country: countryCode,
  tags: listIds,
  status_id: z.string().max(64),
  owner: listIds,
  source: z.string().trim().max(120),
};

/** `lead/create`: a first name and a phone valid for the country are required; unknown keys are refused. */
export const leadCreateSchema = z
  .strictObject({
    ...leadFields,
    last_name: leadFields.last_name.default(''),
    email: leadFields.email.default(''),
    document: leadFields.document.default(''),
    country: leadFields.country.default(DEFAULTS.country),
    tags: leadFields.tags.default([]),
    status_id: leadFields.status_id.default(''),
    owner: leadFields.owner.default([]),
    source: leadFields.source.default(''),
  })
  .superRefine((input, ctx) => {
    // Rows of an imported file reach this schema without passing the server's input guard.
    refineSafeInput(input, ctx);
    if (!isValidPhone(input.phone, input.country)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.phone });
    }
  });
export type LeadCreateInput = z.input<typeof leadCreateSchema>;

/** `lead/updateone`: the changed fields only. */
export const leadUpdateSchema = z.strictObject(leadFields).partial();
export type LeadUpdateInput = z.infer<typeof leadUpdateSchema>;

/** The `update` of `lead/updatemany`: what several leads share (tags, status, owners, source). */
export const leadBulkUpdateSchema = z
  .strictObject({
    tags: leadFields.tags,
    status_id: leadFields.status_id,
    owner: leadFields.owner,
    source: leadFields.source,
  })
  .partial();
export type LeadBulkUpdate = z.infer<typeof leadBulkUpdateSchema>;
