import { fileTypeFromBuffer } from 'file-type';

export const OPAQUE_TYPE = 'application/octet-stream';

/**
 * Types a browser would run or parse as a document on our origin (markup, scripts, SVG, Flash) or that
 * are plain text it could be tricked into reading as one. They are only ever stored and served opaque.
 */
const ACTIVE_TYPE = /^text\/|html|xml|svg|javascript|ecmascript|json|shockwave|x-msdownload/i;

export const isActiveType = (contentType: string): boolean => ACTIVE_TYPE.test(contentType);

/**
 * What a file is, from its bytes alone: the name's extension, the uploader's declared type and the
 * provider's word are all written by someone else. Unrecognised or active content is opaque.
 */
export const sniffContentType = async (content: Buffer): Promise<string> => {
  const detected = (await fileTypeFromBuffer(content))?.mime;
  return detected && !isActiveType(detected) ? detected : OPAQUE_TYPE;
};

/** Raster images a browser only decodes, shown inline; everything else is a download. */
const INLINE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export const isShownInline = (contentType: string): boolean =>
  INLINE_IMAGES.has(contentType) || /^(audio|video)\/[\w.+-]+$/.test(contentType);
