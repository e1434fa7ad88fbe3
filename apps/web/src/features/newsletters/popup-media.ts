import { isHttpUrl } from '@conversa/domain';

/** How a pop-up item's preview_url is shown: a video player's embed, a video file, or an image. */
export type PopupMedia =
  | { kind: 'embed'; src: string }
  | { kind: 'video'; src: string }
  | { kind: 'image'; src: string }
  | { kind: 'none' };

const YOUTUBE = /^(?:www\.|m\.)?(?:youtube\.com|youtu\.be|youtube-nocookie\.com)$/;
const VIDEO_FILE = /\.(?:mp4|webm|ogg)$/i;

const youtubeId = (url: URL): string | null => {
  if (url.hostname.endsWith('youtu.be')) return url.pathname.slice(1) || null;
  if (url.pathname.startsWith('/embed/')) return url.pathname.slice('/embed/'.length) || null;
  return url.searchParams.get('v');
};

export const popupMediaOf = (previewUrl: string): PopupMedia => {
  if (!previewUrl) return { kind: 'none' };
  let url: URL;
  try {
    url = new URL(previewUrl, window.location.origin);
  } catch {
    return { kind: 'none' };
  }
  // A `javascript:` or `data:` source is never loaded.
  if (!isHttpUrl(url.href)) return { kind: 'none' };
  if (YOUTUBE.test(url.hostname)) {
    const id = youtubeId(url);
    return id ? { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${id}` } : { kind: 'none' };
  }
  if (/(?:^|\.)vimeo\.com$/.test(url.hostname)) {
    const id = url.pathname.split('/').filter(Boolean).pop();
    return id ? { kind: 'embed', src: `https://player.vimeo.com/video/${id}` } : { kind: 'none' };
  }
  if (VIDEO_FILE.test(url.pathname)) return { kind: 'video', src: url.href };
  return { kind: 'image', src: url.href };
};
