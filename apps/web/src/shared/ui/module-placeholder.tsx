import { Card, CardContent } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SvgIconComponent } from '../icons/svg-icon-component';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

type ModulePlaceholderProps = { titleKey: string; descriptionKey: string; icon: SvgIconComponent };

/** The page of a module that is not built yet: its title, what it is for, and an empty state. */
export const ModulePlaceholder = ({ titleKey, descriptionKey, icon }: ModulePlaceholderProps) => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} subtitle={t(descriptionKey)} />
      <Card>
        <CardContent>
          <EmptyState icon={icon} title={t('common.emptyTitle')} description={t('common.emptyDescription')} />
        </CardContent>
      </Card>
    </>
  );
};
