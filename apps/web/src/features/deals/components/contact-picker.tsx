import { contactLabel, type DealContact } from '@conversa/domain';
import { useTranslation } from 'react-i18next';
import { RecordPicker } from '../../../shared/records/components/record-picker';
import { DEAL_CONTACT_SEARCH } from '../api/deal-contacts';

type ContactPickerProps = {
  value: DealContact | null;
  onChange: (contact: DealContact | null) => void;
  error?: string;
};

/** Picks the deal's contact by typing part of the name; the company's contacts are searched, not loaded. */
export const ContactPicker = ({ value, onChange, error }: ContactPickerProps) => {
  const { t } = useTranslation();
  return (
    <RecordPicker
      search={DEAL_CONTACT_SEARCH}
      value={value}
      onChange={onChange}
      labelOf={contactLabel}
      lineOf={(contact) => (
        <>
          {contactLabel(contact)}
          {contact.full_name && contact.phone && (
            <span dir="ltr" style={{ marginInlineStart: 8, opacity: 0.6 }}>
              +{contact.phone}
            </span>
          )}
        </>
      )}
      label={t('records.field.contact')}
      hint={t('deals.new.contactHint')}
      noOptionsText={t('deals.new.noContacts')}
      error={error}
      testId="new-deal-contact"
    />
  );
};
