import type { Contact } from '@conversa/domain';
import { IconButton, Stack, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import StarBorderRounded from '../../../shared/icons/StarBorderRounded';
import StarRounded from '../../../shared/icons/StarRounded';
import { DetailFrame, type DetailTab } from '../../../shared/records/detail-frame';
import { DetailDataLayout, RecordSubtitle } from '../../../shared/records/detail-parts';
import { useLiveRecord } from '../../../shared/records/use-live-record';
import { CallButton } from '../../calls/call-button';
import { useCallSetup } from '../../calls/calls-api';
import { ContactCalls } from '../../calls/contact-calls';
import { ContactAvatar } from '../../chat/components/contact-avatar';
import { ContactNotes } from '../../chat/components/notes-panel';
import { ContactPayments } from '../../payments/components/contact-payments';
import { RecordTasks } from '../../tasks/components/record-tasks';
import { ContactDetailConversation, OpenInChatButton } from '../components/contact-detail-conversation';
import { ContactDetailData } from '../components/contact-detail-data';
import { ContactDetailDeals } from '../components/contact-detail-deals';
import { contactDetailKey, useContactDetail, useSaveContact } from '../components/contact-detail-query';
import { ContactDetailSide } from '../components/contact-detail-side';

const LIST_PATH = '/app/contacts';

const Subtitle = ({ contact }: { contact: Contact }) => {
  const { list_dinamic } = useAccount();
  const stage = list_dinamic.find((item) => item.id === contact.stage);
  return <RecordSubtitle phone={contact.info.phone} email={contact.info.email} chip={stage} />;
};

const StarButton = ({ contact }: { contact: Contact }) => {
  const { t } = useTranslation();
  const save = useSaveContact(contact.id);
  const label = contact.starred ? t('recordDetail.contact.unstar') : t('recordDetail.contact.star');
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        aria-pressed={contact.starred}
        onClick={() => save.mutate({ starred: !contact.starred })}
        data-testid="contact-star"
      >
        {contact.starred ? <StarRounded sx={{ color: 'secondary.main' }} /> : <StarBorderRounded />}
      </IconButton>
    </Tooltip>
  );
};

/**
 * One contact (/app/contacts/detail/{contact_id}): its data, stage, tags and owners, the conversation in
 * brief with a way into the chat, its notes, its deals and payments, and its tasks. Changes by colleagues
 * show live; a contact deleted meanwhile sends the person back to the list.
 */
export const ContactDetailPage = () => {
  const { t } = useTranslation();
  const { contact_id: id = '' } = useParams();
  const can = useCan();
  const detail = useContactDetail(id);
  const contact = detail.data;
  const canEdit = can('contact.edit');
  const hasPbx = useCallSetup(can('contact.view')).data?.has_pbx === true;

  useLiveRecord<Contact>({
    module: 'contact',
    id,
    queryKey: contactDetailKey(id),
    listPath: LIST_PATH,
    deletedText: t('recordDetail.contact.deleted'),
    merge: (current, change) => ({ ...current, ...change, info: { ...current.info, ...change.info } }),
  });

  // The frame shows the tabs while the contact loads and renders the open one once it is here.
  const withContact = (render: (loaded: Contact) => ReactNode) => () => (contact ? render(contact) : null);
  const tabs: DetailTab[] = [
    {
      key: 'data',
      label: t('recordDetail.tabs.data'),
      render: withContact((loaded) => (
        <DetailDataLayout
          data={<ContactDetailData contact={loaded} canEdit={canEdit} />}
          side={<ContactDetailSide contact={loaded} canEdit={canEdit} />}
        />
      )),
    },
    {
      key: 'conversation',
      label: t('recordDetail.tabs.conversation'),
      render: withContact((loaded) => <ContactDetailConversation contact={loaded} />),
    },
    ...(can('note.view')
      ? [
          {
            key: 'notes',
            label: t('recordDetail.tabs.notes'),
            render: () => <ContactNotes contactId={id} />,
          },
        ]
      : []),
    ...(can('deal.view')
      ? [
          {
            key: 'deals',
            label: t('recordDetail.tabs.deals'),
            render: withContact((loaded) => (
              <Stack spacing={3} sx={{ maxWidth: 1100 }}>
                <ContactDetailDeals contact={loaded} />
                {can('payment.view') && <ContactPayments contactId={loaded.id} />}
              </Stack>
            )),
          },
        ]
      : []),
    ...(hasPbx
      ? [
          {
            key: 'calls',
            label: t('recordDetail.tabs.calls'),
            render: () => <ContactCalls contactId={id} />,
          },
        ]
      : []),
    ...(can('task.view')
      ? [
          {
            key: 'tasks',
            label: t('recordDetail.tabs.tasks'),
            render: () => (
              <RecordTasks
                module="contact"
                referenceId={id}
                contactId={id}
                name={contact?.info.full_name || contact?.info.phone}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <DetailFrame
      back={{ to: LIST_PATH, label: t('nav.contacts') }}
      title={contact ? contact.info.full_name || `+${contact.info.phone}` : undefined}
      subtitle={contact && <Subtitle contact={contact} />}
      avatar={contact && <ContactAvatar contact={contact} size={56} />}
      actions={
        contact && (
          <>
            {canEdit && <StarButton contact={contact} />}
            <CallButton contactId={contact.id} />
            <OpenInChatButton contactId={contact.id} />
          </>
        )
      }
      tabs={tabs}
      tabsLabel={t('recordDetail.tabsLabel')}
    />
  );
};
