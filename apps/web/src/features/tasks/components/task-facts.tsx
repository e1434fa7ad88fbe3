import type { Task, TaskModule } from '@conversa/domain';
import { Box, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccount } from '../../../shared/account/use-account';
import { formattersFor } from '../../../shared/format/intl-format';
import { ListChip } from '../../../shared/records/components/list-chip';
import { useParticipants } from '../api/tasks';
import { relatedOf } from '../task-form';
import { ExpiryChip, PriorityChip } from './task-chips';

const DETAIL_PATHS: Record<TaskModule, string> = {
  contact: '/app/contacts/detail/',
  deal: '/app/deals/detail/',
  lead: '/app/leads/detail/',
};

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', minHeight: 24 }}>
      {children}
    </Box>
  </Box>
);

/** A task's right column when viewed: each field as it stands, the related record as a link. */
export const TaskFacts = ({ task }: { task: Task }) => {
  const { t, i18n } = useTranslation();
  const format = formattersFor(i18n.language);
  const { list_dinamic, list_user } = useAccount();
  const participants = useParticipants(true);
  const itemOf = (id: string) => list_dinamic.find((item) => item.id === id);
  const nameOf = (id: string) =>
    participants.data?.find((person) => person.id === id)?.name ??
    list_user.find((user) => user.id === id)?.name ??
    id;
  const status = itemOf(task.status_id);
  const related = relatedOf(task);
  const none = <Typography color="text.secondary">-</Typography>;

  return (
    <Stack spacing={1.5} data-testid="task-facts">
      <Fact label={t('records.field.status')}>
        {status ? <ListChip label={status.name} color={status.color} /> : none}
        {task.complete && <ExpiryChip expiry={task.expiry} isComplete />}
      </Fact>
      <Fact label={t('records.field.priority')}>
        <PriorityChip priority={task.priority} />
      </Fact>
      <Fact label={t('records.field.dueDate')}>
        <Typography>{format.dateTime(task.due_date)}</Typography>
        {!task.complete && <ExpiryChip expiry={task.expiry} />}
      </Fact>
      <Fact label={`${t('records.field.related')} (${t(`tasks.module.${task.module}`)})`}>
        {related ? (
          <Link
            component={RouterLink}
            to={`${DETAIL_PATHS[task.module]}${related.id}`}
            data-testid="task-related-link"
          >
            {related.name}
          </Link>
        ) : (
          none
        )}
      </Fact>
      <Fact label={t('records.field.tags')}>
        {task.tags.length > 0
          ? task.tags.map((id) => (
              <ListChip key={id} label={itemOf(id)?.name ?? id} color={itemOf(id)?.color} />
            ))
          : none}
      </Fact>
      <Fact label={t('records.field.visibility')}>
        <Typography>{t(`tasks.visibility.${task.visibility}`)}</Typography>
      </Fact>
      <Fact label={t('records.field.participants')}>
        <Typography data-testid="task-participant-names">
          {task.owner.map(nameOf).join(', ') || '-'}
        </Typography>
      </Fact>
      <Fact label={t('records.field.reminder')}>
        <Typography>
          {task.notify_enable && task.notify_before
            ? format.dateTime(task.notify_before)
            : t('tasks.reminder.off')}
        </Typography>
      </Fact>
      {task.notify_sent && (
        <Typography variant="caption" color="text.secondary">
          {t('tasks.reminder.sent')}
        </Typography>
      )}
    </Stack>
  );
};
