import { CONTACT_FIELDS } from './contact-fields';
import { LEAD_FIELDS } from './lead';
import type { RecordField } from './record-fields';
import type { ViewModule } from './view';

/** Every record module's fields, by module: what `view/fields/{module}` answers and the web renders. */
export const MODULE_FIELDS: Record<ViewModule, readonly RecordField[]> = {
  contact: CONTACT_FIELDS,
  lead: LEAD_FIELDS,
};
