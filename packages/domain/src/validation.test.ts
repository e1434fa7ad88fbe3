import { describe, expect, it } from 'vitest';
import { httpUrl, isHttpUrl } from './validation';
import { crmx2ConfigSchema } from './webhook';

const HARMFUL = [
  'javascript:alert(document.cookie)',
  ' JavaScript:alert(1)',
  'java\nscript:alert(1)',
  'javascript://example.com/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/a',
  '//example.com/a',
  '/relative/path',
];

describe('an http(s) link, the one rule for links, webhooks and PBX addresses', () => {
  it('takes http and https URLs as given', () => {
    for (const url of ['https://conversa.example/news?id=1', 'http://pbx.example:8088']) {
      expect(isHttpUrl(url)).toBe(true);
      expect(httpUrl().parse(url)).toBe(url);
    }
  });

  it('refuses javascript:, data:, file: and any other scheme, and relative links, with the URL message', () => {
    for (const url of HARMFUL) {
      expect(isHttpUrl(url), url).toBe(false);
      expect(
        httpUrl()
          .safeParse(url)
          .error?.issues.map((issue) => issue.message),
      ).toEqual(['validation.url']);
    }
  });

  it('is the rule of a webhook URL too', () => {
    const result = crmx2ConfigSchema.safeParse({ url: 'javascript:alert(1)', events: ['contact.created'] });
    expect(result.error?.issues).toMatchObject([{ path: ['url'], message: 'validation.url' }]);
  });
});
