import { createSvgIcon } from '@mui/material/utils';

export default createSvgIcon(<path d="M10 8.64 15.27 12 10 15.36zM8 5v14l11-7z" />, 'PlayArrowOutlined');
