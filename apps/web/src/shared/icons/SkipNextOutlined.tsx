import { createSvgIcon } from '@mui/material/utils';

export default createSvgIcon(
  <path d="m6 18 8.5-6L6 6zm2-8.14L11.03 12 8 14.14zM16 6h2v12h-2z" />,
  'SkipNextOutlined',
);
