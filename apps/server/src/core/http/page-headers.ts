import type { FastifyInstance } from 'fastify';

/**
 * The only pages a customer's site may frame (FRAME_ANCESTORS): the chat widget's sign-in and its chat, and
 * the root, which a site embeds to get the widget (spec section 2: embedded, `/` leads to the widget).
 */
export const FRAMEABLE_PAGES = ['/', '/chat-signin', '/app/chat-iframe'] as const;

const isFrameable = (url: string): boolean => {
  const path = (url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
  return (FRAMEABLE_PAGES as readonly string[]).includes(path);
};

const policy = (frameAncestors: string): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    // MUI (emotion) injects its styles at runtime.
    "style-src 'self' 'unsafe-inline'",
    // The release-news pop-ups show pictures and videos the master links from anywhere on https, and embed
    // YouTube or Vimeo players (and nothing else in a frame).
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com',
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    `frame-ancestors ${frameAncestors}`,
    "object-src 'none'",
    "base-uri 'self'",
  ].join(';');

/** A policy set elsewhere (a file's sandbox, the docs' own) keeps its rules and forbids framing. */
export const withoutFraming = (header: string): string =>
  /frame-ancestors[^;]*/.test(header)
    ? header.replace(/frame-ancestors[^;]*/, "frame-ancestors 'none'")
    : `${header.replace(/;\s*$/, '')}; frame-ancestors 'none'`;

/**
 * The content security policy of every answer: the widget pages may be framed by FRAME_ANCESTORS, anything
 * else (other pages, the API, the docs, files) by nobody. Both values are built once, at start.
 */
export const registerPageHeaders = (app: FastifyInstance, frameAncestors: readonly string[]) => {
  const widgetPolicy = policy(frameAncestors.join(' '));
  const pagePolicy = policy("'none'");
  app.addHook('onSend', (request, reply, payload, done) => {
    const current = reply.getHeader('content-security-policy');
    if (isFrameable(request.url)) {
      if (current === undefined) reply.header('content-security-policy', widgetPolicy);
    } else {
      reply.header(
        'content-security-policy',
        current === undefined ? pagePolicy : withoutFraming(String(current)),
      );
      reply.header('x-frame-options', 'DENY');
    }
    done(null, payload);
  });
};
