import { createSvgIcon } from '@mui/material/utils';

export default createSvgIcon(
  <path d="M19 5v2h-4V5zM9 5v6H5V5zm10 8v6h-4v-6zM9 17v2H5v-2zM21 3h-8v6h8zM11 3H3v10h8zm10 8h-8v10h8zm-10 4H3v6h8z" />,
  'DashboardOutlined',
);
