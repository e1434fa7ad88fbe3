import { type Plan, TIMING } from '@conversa/domain';
import { Button, Chip, TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../../shared/account/use-account';
import { formatBytes } from '../../../../shared/format/byte-size';
import Add from '../../../../shared/icons/Add';
import WorkspacesOutlined from '../../../../shared/icons/WorkspacesOutlined';
import { formatNumber } from '../../../../shared/records/number-format';
import { wideOnly } from '../../../../shared/ui/table-styles';
import { ConsoleListPage, useSearchedList } from '../../shared/console-list-page';
import { plansApi } from '../api/plans';
import { catalogueMoney } from '../catalogue-money';
import { CatalogueRowActions } from '../components/catalogue-row-actions';
import { PlanDialog } from '../components/plan-dialog';
import { useCatalogueRealtime } from '../use-catalogue-realtime';

const PlanRow = ({ plan, onEdit }: { plan: Plan; onEdit: () => void }) => {
  const { t, i18n } = useTranslation();
  const { client } = useAccount();
  const remove = plansApi.useDelete();
  const format = client.number_format;
  return (
    <TableRow data-testid="plan-row">
      <TableCell>
        <Typography sx={{ fontWeight: 600 }}>{plan.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {plan.code}
        </Typography>
      </TableCell>
      <TableCell>{catalogueMoney(plan.price_clp, 'CLP', format)}</TableCell>
      <TableCell>{catalogueMoney(plan.price_usd, 'USD', format)}</TableCell>
      <TableCell sx={wideOnly}>{formatNumber(plan.duration_days, format)}</TableCell>
      <TableCell sx={wideOnly}>
        {(['user', 'device', 'message'] as const)
          .map((type) => `${t(`plansAdmin.quota.${type}`)}: ${formatNumber(plan.quantities[type], format)}`)
          .concat(`${t('storage.planQuotaShort')}: ${formatBytes(plan.quantities.storage, i18n.language)}`)
          .join(' · ')}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={t(plan.is_public ? 'plansAdmin.public' : 'plansAdmin.private')}
          color={plan.is_public ? 'success' : 'default'}
        />
      </TableCell>
      <CatalogueRowActions
        id={plan.id}
        testId="plan"
        remove={remove}
        onEdit={onEdit}
        texts={{
          edit: t('plansAdmin.edit'),
          delete: t('plansAdmin.delete'),
          question: t('plansAdmin.deleteQuestion', { name: plan.name }),
          deleted: t('plansAdmin.deleted'),
        }}
      />
    </TableRow>
  );
};

/** The master's plans: search by name or code, create, edit, delete. */
export const PlansPage = () => {
  const { t } = useTranslation();
  const { paging, text, searched, onSearch } = useSearchedList(TIMING.searchDebounceMs);
  const result = plansApi.usePage({ text: searched, page: paging.page + 1, offset: paging.offset });
  const plans = result.data?.items ?? [];
  // undefined: closed; null: a new one; a plan: that one edited.
  const [editing, setEditing] = useState<Plan | null | undefined>(undefined);
  useCatalogueRealtime('plan', plansApi.queryKey);

  return (
    <ConsoleListPage
      title={t('nav.plans')}
      subtitle={t('plansAdmin.subtitle')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setEditing(null)}
          data-testid="plan-new"
        >
          {t('plansAdmin.create')}
        </Button>
      }
      search={{ value: text, onChange: onSearch, label: t('plansAdmin.searchLabel'), testId: 'plans-search' }}
      query={result}
      paging={paging}
      rowCount={plans.length}
      total={result.data?.pagination.total ?? 0}
      label={t('plansAdmin.tableLabel')}
      testId="plans-table"
      columns={7}
      texts={{ loadFailed: t('plansAdmin.loadFailed'), rowsPerPage: t('plansAdmin.rowsPerPage') }}
      empty={{
        icon: WorkspacesOutlined,
        title: t(searched.trim() ? 'plansAdmin.noMatch' : 'plansAdmin.empty'),
      }}
      head={
        <>
          <TableCell>{t('plansAdmin.form.name')}</TableCell>
          <TableCell>{t('plansAdmin.column.priceIn', { currency: 'CLP' })}</TableCell>
          <TableCell>{t('plansAdmin.column.priceIn', { currency: 'USD' })}</TableCell>
          <TableCell sx={wideOnly}>{t('plansAdmin.form.duration_days')}</TableCell>
          <TableCell sx={wideOnly}>{t('plansAdmin.form.quantities')}</TableCell>
          <TableCell>{t('plansAdmin.column.visibility')}</TableCell>
          <TableCell />
        </>
      }
      dialogs={
        editing !== undefined && (
          <PlanDialog plan={editing ?? undefined} onClose={() => setEditing(undefined)} />
        )
      }
    >
      {plans.map((plan) => (
        <PlanRow key={plan.id} plan={plan} onEdit={() => setEditing(plan)} />
      ))}
    </ConsoleListPage>
  );
};
