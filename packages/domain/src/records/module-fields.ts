import { CONTACT_FIELDS } from './contact-fields';
import { DEAL_FIELDS } from './deal';
import { LEAD_FIELDS } from './lead';
import { PAYMENT_FIELDS } from './payment';
import type { RecordField } from './record-fields';
import { TASK_FIELDS } from './task';
import type { ViewModule } from './view';

/** Every record module's fields, by module: what `view/fields/{module}` answers and the web renders. */
export const MODULE_FIELDS: Record<ViewModule, readonly RecordField[]> = {
  contact: CONTACT_FIELDS,
  lead: LEAD_FIELDS,
  deal: DEAL_FIELDS,
  payment: PAYMENT_FIELDS,
  task: TASK_FIELDS,
};
