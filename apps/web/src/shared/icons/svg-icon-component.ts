import type SvgIcon from '@mui/material/SvgIcon';

/** What every icon of this folder is: MUI's SvgIcon with its path drawn in. */
export type SvgIconComponent = typeof SvgIcon;
