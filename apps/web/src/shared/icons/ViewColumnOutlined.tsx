import { createSvgIcon } from '@mui/material/utils';

export default createSvgIcon(
  <path d="M3 5v14h18V5zm5.33 12H5V7h3.33zm5.34 0h-3.33V7h3.33zM19 17h-3.33V7H19z" />,
  'ViewColumnOutlined',
);
