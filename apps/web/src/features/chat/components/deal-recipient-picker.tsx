import { type Deal, TIMING } from '@conversa/domain';
import { Autocomplete, ListItemText, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../shared/use-debounced';
import { contactQueryOptions } from '../api/get-contact';
import type { ContactBrief } from '../api/search-contacts';
import { useDealSearch } from '../api/search-deals';

const labelOf = (deal: Deal) => `#${deal.numdeal} ${deal.name}`;

/**
 * The new message's recipient found through a deal (spec: "searches contacts, deals or leads"): deals by
 * name, and choosing one picks its contact. A deal without a contact has nobody to write to and cannot be
 * chosen. `onPick` answers whether the contact was accepted (someone else may hold its conversation).
 */
export const DealRecipientPicker = ({
  isEnabled,
  onPick,
}: {
  isEnabled: boolean;
  onPick: (contact: ContactBrief | null) => boolean;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [deal, setDeal] = useState<Deal | null>(null);
  const search = useDebounced(text, TIMING.searchDebounceMs);
  const deals = useDealSearch(search, isEnabled);

  const choose = async (value: Deal | null) => {
    setDeal(value);
    if (!value?.contact) {
      onPick(null);
      return;
    }
    try {
      // The deal names its contact briefly; who holds the conversation comes with the contact itself.
      const contact = await queryClient.fetchQuery(contactQueryOptions(value.contact.id));
      const isAccepted = onPick({
        id: contact.id,
        info: contact.info,
        device_id: contact.device_id,
        derivedto: contact.derivedto,
      });
      if (!isAccepted) setDeal(null);
    } catch {
      // The client already said why (a contact deleted meanwhile answers 404).
      setDeal(null);
      onPick(null);
    }
  };

  return (
    <Autocomplete
      options={deals.data ?? []}
      value={deal}
      loading={deals.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={labelOf}
      getOptionDisabled={(option) => option.contact === null}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      onInputChange={(_event, value, reason) => reason === 'input' && setText(value)}
      onChange={(_event, value) => void choose(value)}
      noOptionsText={t('chat.list.noResults')}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props} data-testid="deal-option">
          <ListItemText
            primary={labelOf(option)}
            secondary={
              option.contact
                ? `${option.contact.full_name} (+${option.contact.phone})`
                : t('chat.deals.noContact')
            }
            slotProps={{ primary: { dir: 'auto' } }}
          />
        </li>
      )}
      renderInput={(inputParams) => (
        <TextField
          {...inputParams}
          label={t('chat.deals.search')}
          required
          helperText={deal?.contact ? t('chat.deals.recipient', { name: deal.contact.full_name }) : undefined}
        />
      )}
    />
  );
};
