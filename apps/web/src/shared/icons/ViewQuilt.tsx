import { createSvgIcon } from '@mui/material/utils';

export default createSvgIcon(
  <path d="M21 5v6.5H9.33V5zm-6.33 14v-6.5H9.33V19zm1-6.5V19H21v-6.5zM8.33 19V5H3v14z" />,
  'ViewQuilt',
);
