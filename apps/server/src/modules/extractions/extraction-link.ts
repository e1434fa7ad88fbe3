import type { Locale } from '@conversa/domain';
import type { UrlSigner } from '../../core/crypto/secret-box';

/** What a download link's signature covers: the extraction, so a file link's signature cannot serve. */
const signedKey = (id: string) => `extraction:${id}`;

export type ExtractionLink = { url: string; expiresAt: Date };

/**
 * The public download link of a done extraction, valid `expiresIn` seconds from now, to the second. The
 * signature is the proof: the link works without a token and a changed `exp` or `sig` is not found.
 */
export const createExtractionLinks = (signer: UrlSigner) => ({
  sign(locale: Locale, id: string, expiresIn: number, now = Date.now()): ExtractionLink {
    const exp = Math.floor(now / 1000) + expiresIn;
    const sig = signer.sign(signedKey(id), exp);
    return {
      url: `/api/v1/${locale}/extraction/download/${id}?exp=${exp}&sig=${sig}`,
      expiresAt: new Date(exp * 1000),
    };
  },
  verify: (id: string, exp: number, sig: string): boolean => signer.verify(signedKey(id), exp, sig),
});

export type ExtractionLinks = ReturnType<typeof createExtractionLinks>;
