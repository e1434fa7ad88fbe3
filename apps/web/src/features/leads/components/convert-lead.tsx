import type { Lead } from '@conversa/domain';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../../shared/account/use-account';
import { ApiError } from '../../../shared/api-client';
import ContactsOutlined from '../../../shared/icons/ContactsOutlined';
import HowToRegOutlined from '../../../shared/icons/HowToRegOutlined';
import { notify } from '../../../shared/notify';
import { useConvertLead, useLeadDetail } from '../api/leads';

const contactPath = (id: string) => `/app/contacts/detail/${id}`;

/**
 * A converted lead links to its contact; one not yet converted offers the conversion (lead.edit and
 * contact.create), confirmed first, after which the same place links to the new contact.
 */
export const ConvertLead = ({ lead }: { lead: Lead }) => {
  const { t } = useTranslation();
  const can = useCan();
  const convert = useConvertLead(lead.id);
  const detail = useLeadDetail(lead.id);
  const [isAsking, setIsAsking] = useState(false);
  const titleId = useId();

  if (lead.converted_contact_id) {
    return (
      <Button
        component={Link}
        to={contactPath(lead.converted_contact_id)}
        variant="outlined"
        startIcon={<ContactsOutlined />}
        data-testid="lead-contact-link"
      >
        {t('leads.convert.openContact')}
      </Button>
    );
  }
  if (!can('lead.edit') || !can('contact.create')) return null;

  const confirm = () =>
    convert.mutate(undefined, {
      onSuccess: () => {
        setIsAsking(false);
        notify(t('leads.convert.done', { name: lead.full_name }), 'success');
      },
      onError: (error) => {
        setIsAsking(false);
        // 406: converted meanwhile (by a colleague); reading the lead again shows the link to its contact.
        if (error instanceof ApiError && error.status === 406) void detail.refetch();
        notify(error.message || t('errors.generic'), 'error');
      },
    });

  return (
    <>
      <Button
        variant="contained"
        startIcon={<HowToRegOutlined />}
        onClick={() => setIsAsking(true)}
        data-testid="lead-convert"
      >
        {t('leads.convert.button')}
      </Button>
      <Dialog
        open={isAsking}
        onClose={convert.isPending ? undefined : () => setIsAsking(false)}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={titleId}>{t('leads.convert.title', { name: lead.full_name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('leads.convert.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsAsking(false)} disabled={convert.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            loading={convert.isPending}
            onClick={confirm}
            data-testid="lead-convert-confirm"
          >
            {t('leads.convert.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
