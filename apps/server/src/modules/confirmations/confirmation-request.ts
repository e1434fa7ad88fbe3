import {
  confirmationButtonId,
  fillAppointmentPlaceholders,
  fillPlaceholders,
  localDayAndTime,
  type MessageButton,
  type MessageTemplate,
} from '@conversa/domain';
import { and, eq } from 'drizzle-orm';
import type { CompanyClock } from '../../core/company-clock';
import type { Executor } from '../../core/db/database';
import {
  type ConfirmationRowRow,
  type ConfirmationRunRow,
  type ContactRow,
  templates,
} from '../../core/db/schema';
import { translate } from '../../core/i18n/i18n';

/** The template a run sends, when it has one. */
export type RunTemplate = Pick<MessageTemplate, 'name' | 'language'>;

/** What a request says: its body, and its template or its two reply buttons. */
export type RequestText = ReturnType<typeof requestOf>;

/** The run's template, read once a turn of its sender. */
export const templateOf = async (db: Executor, run: ConfirmationRunRow): Promise<RunTemplate | undefined> => {
  if (!run.template_id) return undefined;
  const found = await db
    .select({ name: templates.name, language: templates.language })
    .from(templates)
    .where(and(eq(templates.client_id, run.client_id), eq(templates.id, run.template_id)));
  return found[0];
};

/** The request of one row: the run's template, or its text with the two reply buttons. */
export const requestOf = (
  run: ConfirmationRunRow,
  row: ConfirmationRowRow,
  contact: ContactRow,
  { timeZone, locale }: CompanyClock,
  template: RunTemplate | undefined,
) => {
  const { day, time } = localDayAndTime(row.meet_date, timeZone);
  const [year, month, date] = day.split('-');
  const fill = (text: string) =>
    fillPlaceholders(
      fillAppointmentPlaceholders(text, {
        patient: row.patient_name,
        date: `${date}/${month}/${year}`,
        time,
        professional: row.specialist_name,
        branch: row.branch_name,
      }),
      {
        contact: {
          first_name: contact.first_name,
          last_name: contact.last_name,
          full_name: contact.full_name,
        },
        // A confirmation is the clinic's, not an agent's: $username names nobody.
        user: { name: '' },
      },
    );
  if (template) {
    const values = run.parameters.map(fill).filter((text) => text !== '');
    const shaped: MessageTemplate = {
      ...template,
      components:
        values.length === 0
          ? []
          : [{ type: 'BODY', parameters: values.map((text) => ({ type: 'text', text })) }],
    };
    return { body: values.join('\n') || template.name, template: shaped, buttons: [] };
  }
  const buttons: MessageButton[] = [
    { id: confirmationButtonId(row.id, 'confirm'), title: translate(locale, 'confirmation.buttonConfirm') },
    { id: confirmationButtonId(row.id, 'cancel'), title: translate(locale, 'confirmation.buttonCancel') },
  ];
  return { body: fill(run.message), buttons };
};
