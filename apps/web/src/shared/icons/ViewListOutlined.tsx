import { createSvgIcon } from '@mui/material/utils';

export default createSvgIcon(
  <path d="M3 5v14h18V5zm4 2v2H5V7zm-2 6v-2h2v2zm0 2h2v2H5zm14 2H9v-2h10zm0-4H9v-2h10zm0-4H9V7h10z" />,
  'ViewListOutlined',
);
