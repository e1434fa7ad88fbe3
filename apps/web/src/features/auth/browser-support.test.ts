import { describe, expect, it } from 'vitest';
import { detectBrowser, isSupportedBrowser } from './browser-support';

const UA = {
  chrome49:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.112 Safari/537.36',
  chrome48:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/48.0.2564.116 Safari/537.36',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/139.0.0.0 Safari/537.36',
  edge14:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/51.0.2704.79 Safari/537.36 Edge/14.14393',
  edge13:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/46.0.2486.0 Safari/537.36 Edge/13.10586',
  edgeChromium:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  firefox52: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:52.0) Gecko/20100101 Firefox/52.0',
  firefox51: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:51.0) Gecko/20100101 Firefox/51.0',
  safari10:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12) AppleWebKit/602.1.50 (KHTML, like Gecko) Version/10.0 Safari/602.1.50',
  safari9:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_6) AppleWebKit/601.7.7 (KHTML, like Gecko) Version/9.1.2 Safari/601.7.7',
  iosSafari17:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  unknown: 'curl/8.5.0',
};

describe('incompatible-browser check', () => {
  it.each([
    ['Chrome 49', UA.chrome49],
    ['headless Chrome of the e2e tests', UA.headlessChrome],
    ['Edge 14', UA.edge14],
    ['Chromium Edge', UA.edgeChromium],
    ['Firefox 52', UA.firefox52],
    ['Safari 10', UA.safari10],
    ['Safari on iPhone', UA.iosSafari17],
    ['Internet Explorer 11', UA.ie11],
  ])('lets %s in without a warning', (_name, ua) => {
    expect(isSupportedBrowser(ua)).toBe(true);
  });

  it.each([
    ['Chrome 48', UA.chrome48],
    ['Edge 13', UA.edge13],
    ['Firefox 51', UA.firefox51],
    ['Safari 9', UA.safari9],
    ['Internet Explorer 10', UA.ie10],
    ['an unrecognised browser', UA.unknown],
    ['an empty user agent', ''],
  ])('asks the user of %s to update', (_name, ua) => {
    expect(isSupportedBrowser(ua)).toBe(false);
  });

  it('tells Edge apart from the Chrome it announces', () => {
    expect(detectBrowser(UA.edge14)).toEqual({ name: 'edge', major: 14 });
    expect(detectBrowser(UA.safari10)).toEqual({ name: 'safari', major: 10 });
  });
});
