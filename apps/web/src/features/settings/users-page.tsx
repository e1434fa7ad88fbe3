import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header';
import { useSettingsRealtime } from './realtime';
import { UsersPanel } from './users/users-panel';

/** /app/users: the company's users, the same panel as the Users tab of Settings. */
export const UsersPage = () => {
  const { t } = useTranslation();
  useSettingsRealtime();
  return (
    <>
      <PageHeader title={t('nav.users')} subtitle={t('modules.users')} />
      <UsersPanel />
    </>
  );
};
