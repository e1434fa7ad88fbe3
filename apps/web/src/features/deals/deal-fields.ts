import { DEAL_FIELDS, type SettingViewField, settingViewFields } from '@conversa/domain';

const FIELDS = settingViewFields(DEAL_FIELDS);

/** A deal field as the record kit's inputs take it (its type and options). */
export const dealField = (key: 'owner' | 'tags' | 'pipeline_stage_id'): SettingViewField => {
  const field = FIELDS.find((candidate) => candidate.key === key);
  if (!field) throw new Error(`DEAL_FIELDS has no ${key}`);
  return field;
};
