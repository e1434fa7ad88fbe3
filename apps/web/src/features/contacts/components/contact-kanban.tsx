import type { Contact, Filter, ListItem, Logical } from '@conversa/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccount, useCan } from '../../../shared/account/use-account';
import { recordKanbanSource } from '../../../shared/records/kanban-api';
import { KanbanBoard, type KanbanColumnSpec } from '../../../shared/records/kanban-board';
import { useKanbanBoard } from '../../../shared/records/kanban-query';
import type { KanbanShape } from '../../../shared/records/kanban-state';
import { type Notification, useSocketEvent } from '../../../shared/socket';
import { ContactKanbanCard } from './contact-kanban-card';

/** The colour of the "no stage" column: neutral, so the company's own stage colours stand out. */
const NO_STAGE_COLOR = '#90a4ae';

const contactShape: KanbanShape<Contact> = {
  idOf: (contact) => contact.id,
  columnOf: (contact) => contact.stage,
  withColumn: (contact, stage) => ({ ...contact, stage }),
};

const listOf = (items: readonly ListItem[], field: ListItem['field']) =>
  items.filter((item) => item.module === 'contact' && item.field === field);

/**
 * The company's contacts by stage: a "no stage" column, then the contact statuses of the dynamic lists in
 * their order (an inactive status keeps its column while contacts still carry it). Moving a card saves
 * the contact's new stage; the board follows colleagues' moves and list changes live.
 */
export const ContactKanban = ({ filters, logical }: { filters?: Filter[]; logical?: Logical }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { list_dinamic, list_user } = useAccount();
  const source = useMemo(
    () =>
      recordKanbanSource<Contact>({
        api: 'contact',
        module: 'contact',
        field: 'stage',
        filters,
        logical,
        shape: contactShape,
        labelOf: (contact) => contact.info.full_name || `+${contact.info.phone}`,
      }),
    [filters, logical],
  );
  const board = useKanbanBoard(source);

  // The account cache follows list items live (account-realtime.ts); a removed stage leaves its contacts
  // without one on the server, so the board is read again.
  useSocketEvent<Notification>('notification', (notification) => {
    if (notification.module === 'listdinamic' && notification.action === 'delete') board.reload();
  });

  const stages = listOf(list_dinamic, 'status_id');
  const columns: KanbanColumnSpec[] = [
    { id: '', name: t('kanban.contact.noStage'), color: NO_STAGE_COLOR },
    ...stages
      .filter((stage) => stage.status || (board.data?.[stage.id]?.count ?? 0) > 0)
      .sort((a, b) => a.position - b.position)
      .map((stage) => ({ id: stage.id, name: stage.name, color: stage.color })),
  ];
  const tags = useMemo(
    () => new Map(listOf(list_dinamic, 'tags').map((tag) => [tag.id, tag])),
    [list_dinamic],
  );
  const users = useMemo(() => new Map(list_user.map((user) => [user.id, user.name])), [list_user]);

  return (
    <KanbanBoard
      columns={columns}
      board={board}
      canMove={can('contact.edit')}
      label={t('kanban.contact.label')}
      onOpen={(contact) => navigate(`/app/contacts/detail/${contact.id}`)}
      renderCard={(contact) => (
        <ContactKanbanCard
          contact={contact}
          tags={tags}
          assignee={
            contact.derivedto ? (users.get(contact.derivedto) ?? t('chat.panel.anotherUser')) : undefined
          }
        />
      )}
    />
  );
};
