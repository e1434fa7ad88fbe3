import { Avatar, Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../shared/account/use-account';
import DeleteOutline from '../../../shared/icons/DeleteOutline';
import PhotoCameraOutlined from '../../../shared/icons/PhotoCameraOutlined';
import { notify } from '../../../shared/notify';
import { useRemoveLogo, useUploadLogo } from '../api/company';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** The company's logo beside its name; with setting.edit it can be replaced by an image or removed. */
export const CompanyLogo = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation();
  const { client } = useAccount();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const isBusy = upload.isPending || remove.isPending;
  const saved = () => notify(t('settings.company.logoSaved'), 'success');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Avatar
        src={client.imglogo || undefined}
        alt={t('settings.company.logo')}
        variant="rounded"
        sx={{ width: 72, height: 72, fontSize: 28, bgcolor: 'primary.main' }}
        data-testid="company-logo"
      >
        {client.name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {client.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {client.email}
        </Typography>
        {canEdit && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              component="label"
              size="small"
              variant="outlined"
              startIcon={<PhotoCameraOutlined />}
              loading={upload.isPending}
              disabled={isBusy}
            >
              {t(client.imglogo ? 'settings.company.changeLogo' : 'settings.company.uploadLogo')}
              <input
                hidden
                type="file"
                accept={IMAGE_TYPES}
                data-testid="company-logo-file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) upload.mutate(file, { onSuccess: saved });
                }}
              />
            </Button>
            {client.imglogo && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutline />}
                loading={remove.isPending}
                disabled={isBusy}
                onClick={() => remove.mutate(undefined, { onSuccess: saved })}
              >
                {t('settings.company.removeLogo')}
              </Button>
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
};
