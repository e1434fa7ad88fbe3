import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { Card } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state';

const ICONS = { deals: HandshakeOutlined, tasks: TaskAltOutlined } as const;

/**
 * The places of the contact's deals and tasks. Those modules are not built yet; the tab says so plainly
 * instead of showing an empty list that would read as "this contact has none".
 */
export const ContactDetailUpcoming = ({ module }: { module: keyof typeof ICONS }) => {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" data-testid={`upcoming-${module}`}>
      <EmptyState
        icon={ICONS[module]}
        title={t(`recordDetail.contact.upcoming.${module}.title`)}
        description={t(`recordDetail.contact.upcoming.${module}.description`)}
      />
    </Card>
  );
};
