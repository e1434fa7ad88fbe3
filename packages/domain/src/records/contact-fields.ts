import { z } from 'zod';
import {
  createDateField,
  field,
  ownerField,
  personFields,
  type RecordField,
  tagsField,
} from './record-fields';

/** The contact's fields as the CRM shows them; keys are the contact API's own (dot paths into `info`). */
export const CONTACT_FIELDS: readonly RecordField[] = [
  ...personFields('info.', { isPhoneEditable: false, isCountryVisible: true }),
  field('stage', 'stage', 'select', ['sortable', 'filter', 'editable', 'exportable', 'visible'], 'status_id'),
  tagsField(),
  ownerField(false),
  field('derivedto', 'assignee', 'user', ['filter', 'editable', 'exportable', 'visible']),
  field('starred', 'starred', 'boolean', ['sortable', 'filter', 'editable', 'exportable']),
  field('answerbot', 'answerbot', 'boolean', ['filter', 'exportable']),
  field('message.numtotal', 'messages', 'number', ['sortable', 'filter', 'exportable']),
  field('last_message_at', 'lastMessage', 'datetime', ['sortable', 'filter', 'exportable']),
  createDateField(),
];

const listIds = z.array(z.string().max(64)).max(50);

/** The `update` of `contact/updatemany`: tags, stage, starred, owners and the assignee ('' frees it). */
export const contactBulkUpdateSchema = z
  .strictObject({
    tags: listIds,
    stage: z.string().trim().max(64),
    starred: z.boolean(),
    owner: listIds,
    derivedto: z.string().max(64),
  })
  .partial();
export type ContactBulkUpdate = z.infer<typeof contactBulkUpdateSchema>;
