import { LEAD_FIELDS, type SettingViewField, settingViewFields } from '@conversa/domain';

const FIELDS = settingViewFields(LEAD_FIELDS);

/** A lead field as the record kit's inputs take it (its type and dynamic list). */
export const leadField = (key: 'tags' | 'status_id' | 'owner'): SettingViewField => {
  const field = FIELDS.find((candidate) => candidate.key === key);
  if (!field) throw new Error(`LEAD_FIELDS has no ${key}`);
  return field;
};
