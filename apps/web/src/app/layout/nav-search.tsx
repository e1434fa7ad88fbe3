import { Autocomplete, InputAdornment, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accessSubjectOf, useAccount } from '../../shared/account/use-account';
import SearchIcon from '../../shared/icons/Search';
import { APP_ROUTES, type AppRoute, appPath } from '../app-routes';
import { canOpenRoute } from '../route-access';

/** On small screens the header's search box jumps to any module the user may open. */
export const NavSearch = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subject = accessSubjectOf(useAccount());
  const options = APP_ROUTES.filter((entry) => entry.section && canOpenRoute(subject, entry));

  return (
    <Autocomplete<AppRoute>
      size="small"
      options={options}
      getOptionLabel={(entry) => t(entry.titleKey)}
      onChange={(_event, entry) => {
        if (entry) navigate(appPath(entry));
      }}
      blurOnSelect
      forcePopupIcon={false}
      sx={{ width: { xs: 170, sm: 240 }, display: { xs: 'block', md: 'none' } }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={t('header.search')}
          slotProps={{
            htmlInput: { ...params.inputProps, 'aria-label': t('header.search') },
            input: {
              ...params.InputProps,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ '& .MuiInputBase-root': { bgcolor: 'rgba(255,255,255,0.15)', color: 'inherit' } }}
        />
      )}
    />
  );
};
