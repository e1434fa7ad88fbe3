import { createSvgIcon } from '@mui/material/utils';

export default createSvgIcon(
  <path d="M19 5v9h-5v5H5V5zm0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h10l6-6V5c0-1.1-.9-2-2-2m-7 11H7v-2h5zm5-4H7V8h10z" />,
  'StickyNote2Outlined',
);
