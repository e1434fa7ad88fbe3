import { useTranslation } from 'react-i18next';
import type { PickerSearch } from '../../../shared/records/api/pick-records';
import { RecordPicker } from '../../../shared/records/components/record-picker';
import type { ContactOption } from '../appointment-form';

type Row = { id?: unknown; info?: { full_name?: unknown; phone?: unknown } };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Contacts by full name, newest first; one without a name shows its phone. */
const CONTACTS: PickerSearch<Row, ContactOption> = {
  api: 'contact',
  key: 'info.full_name',
  sort: { key: 'create_date', order: 'desc' },
  optionOf: (row) => ({
    id: text(row.id),
    name: text(row.info?.full_name) || `+${text(row.info?.phone)}`,
    phone: text(row.info?.phone),
  }),
};

/** The appointment's patient among the company's contacts, found by typing part of the name. */
export const ContactField = ({
  value,
  error,
  onChange,
}: {
  value: ContactOption | null;
  error: string | undefined;
  onChange: (contact: ContactOption | null) => void;
}) => {
  const { t } = useTranslation();
  return (
    <RecordPicker
      search={CONTACTS}
      value={value}
      onChange={onChange}
      labelOf={(option) => option.name}
      lineOf={(option) => (option.phone ? `${option.name} · +${option.phone}` : option.name)}
      label={t('agendas.form.contact')}
      hint={t('agendas.form.contactHint')}
      noOptionsText={t('agendas.form.noContacts')}
      error={error}
      isRequired
      testId="appointment-contact"
    />
  );
};
