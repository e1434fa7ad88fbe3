import { useTranslation } from 'react-i18next';
import { RecordsPage } from '../../../shared/records/components/records-page';
import { DealsActions } from '../components/deals-actions';
import { DEAL_RECORDS } from '../deal-records';

/** /app/deals/list: every deal in the kit's table, with bulk changes, import and export. */
export const DealsListPage = () => {
  const { t } = useTranslation();
  return (
    <RecordsPage
      config={DEAL_RECORDS}
      subtitle={t('deals.subtitle')}
      actions={<DealsActions layout="list" />}
    />
  );
};
