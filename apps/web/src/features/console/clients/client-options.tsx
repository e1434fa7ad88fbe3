import { MenuItem } from '@mui/material';
import type { TFunction } from 'i18next';
import { NUMBER_FORMAT_CODES } from '../../settings/company/number-format';

/** The choices of a company's selects, shared by its create and edit dialogs (returned as the select's children). */
export const planItems = (plans: readonly { id: string; name: string }[]) =>
  plans.map((plan) => (
    <MenuItem key={plan.id} value={plan.id}>
      {plan.name}
    </MenuItem>
  ));

export const numberFormatItems = (t: TFunction) =>
  NUMBER_FORMAT_CODES.map((code) => (
    <MenuItem key={code} value={code}>
      {t(`settings.company.format.${code}`)}
    </MenuItem>
  ));

/** The time-zone select is native (hundreds of zones): plain options. */
export const zoneOptions = (zones: readonly string[]) =>
  zones.map((zone) => (
    <option key={zone} value={zone}>
      {zone}
    </option>
  ));
