import { type Feature, TIMING } from '@conversa/domain';
import { Button, Chip, TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../../shared/account/use-account';
import Add from '../../../../shared/icons/Add';
import ExtensionOutlined from '../../../../shared/icons/ExtensionOutlined';
import { formatNumber } from '../../../../shared/records/number-format';
import { catalogueMoney } from '../../plans/catalogue-money';
import { CatalogueRowActions } from '../../plans/components/catalogue-row-actions';
import { useCatalogueRealtime } from '../../plans/use-catalogue-realtime';
import { ConsoleListPage, useSearchedList } from '../../shared/console-list-page';
import { featuresApi } from '../api/features';
import { FeatureDialog } from '../components/feature-dialog';

const FeatureRow = ({ feature, onEdit }: { feature: Feature; onEdit: () => void }) => {
  const { t } = useTranslation();
  const { client } = useAccount();
  const remove = featuresApi.useDelete();
  const format = client.number_format;
  return (
    <TableRow data-testid="feature-row">
      <TableCell>
        <Typography sx={{ fontWeight: 600 }}>{feature.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {feature.code}
        </Typography>
      </TableCell>
      <TableCell>{t(`featuresAdmin.kind.${feature.kind}`)}</TableCell>
      <TableCell>{formatNumber(feature.quantity, format)}</TableCell>
      <TableCell>{catalogueMoney(feature.price_clp, 'CLP', format)}</TableCell>
      <TableCell>{catalogueMoney(feature.price_usd, 'USD', format)}</TableCell>
      <TableCell>
        <Chip
          size="small"
          label={t(feature.is_public ? 'plansAdmin.public' : 'plansAdmin.private')}
          color={feature.is_public ? 'success' : 'default'}
        />
      </TableCell>
      <CatalogueRowActions
        id={feature.id}
        testId="feature"
        remove={remove}
        onEdit={onEdit}
        texts={{
          edit: t('featuresAdmin.edit'),
          delete: t('featuresAdmin.delete'),
          question: t('featuresAdmin.deleteQuestion', { name: feature.name }),
          deleted: t('featuresAdmin.deleted'),
        }}
      />
    </TableRow>
  );
};

/** The master's features (what companies buy besides a plan): search, create, edit, delete. */
export const FeaturesPage = () => {
  const { t } = useTranslation();
  const { paging, text, searched, onSearch } = useSearchedList(TIMING.searchDebounceMs);
  const result = featuresApi.usePage({ text: searched, page: paging.page + 1, offset: paging.offset });
  const features = result.data?.items ?? [];
  // undefined: closed; null: a new one; a feature: that one edited.
  const [editing, setEditing] = useState<Feature | null | undefined>(undefined);
  useCatalogueRealtime('feature', featuresApi.queryKey);

  return (
    <ConsoleListPage
      title={t('nav.features')}
      subtitle={t('featuresAdmin.subtitle')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setEditing(null)}
          data-testid="feature-new"
        >
          {t('featuresAdmin.create')}
        </Button>
      }
      search={{
        value: text,
        onChange: onSearch,
        label: t('plansAdmin.searchLabel'),
        testId: 'features-search',
      }}
      query={result}
      paging={paging}
      rowCount={features.length}
      total={result.data?.pagination.total ?? 0}
      label={t('featuresAdmin.tableLabel')}
      testId="features-table"
      columns={7}
      texts={{ loadFailed: t('featuresAdmin.loadFailed'), rowsPerPage: t('plansAdmin.rowsPerPage') }}
      empty={{
        icon: ExtensionOutlined,
        title: t(searched.trim() ? 'plansAdmin.noMatch' : 'featuresAdmin.empty'),
      }}
      head={
        <>
          <TableCell>{t('plansAdmin.form.name')}</TableCell>
          <TableCell>{t('featuresAdmin.form.kind')}</TableCell>
          <TableCell>{t('featuresAdmin.form.quantity')}</TableCell>
          <TableCell>{t('plansAdmin.column.priceIn', { currency: 'CLP' })}</TableCell>
          <TableCell>{t('plansAdmin.column.priceIn', { currency: 'USD' })}</TableCell>
          <TableCell>{t('plansAdmin.column.visibility')}</TableCell>
          <TableCell />
        </>
      }
      dialogs={
        editing !== undefined && (
          <FeatureDialog feature={editing ?? undefined} onClose={() => setEditing(undefined)} />
        )
      }
    >
      {features.map((feature) => (
        <FeatureRow key={feature.id} feature={feature} onEdit={() => setEditing(feature)} />
      ))}
    </ConsoleListPage>
  );
};
