import type { Locale } from '@conversa/domain';
import type { SVGProps } from 'react';

type FlagProps = SVGProps<SVGSVGElement>;

// Inline SVG flags: emoji flags do not render on Linux and the CSP forbids loading them from a CDN.
const frame = { viewBox: '0 0 30 20', width: 24, height: 16, role: 'img' } as const;

export const FlagUs = (props: FlagProps) => (
  <svg {...frame} aria-hidden="true" {...props}>
    <rect width="30" height="20" fill="#b22234" />
    {[1, 3, 5, 7, 9, 11].map((row) => (
      <rect key={row} y={(row * 20) / 13} width="30" height={20 / 13} fill="#fff" />
    ))}
    <rect width="12" height={(20 / 13) * 7} fill="#3c3b6e" />
  </svg>
);

export const FlagCl = (props: FlagProps) => (
  <svg {...frame} aria-hidden="true" {...props}>
    <rect width="30" height="20" fill="#fff" />
    <rect y="10" width="30" height="10" fill="#d52b1e" />
    <rect width="10" height="10" fill="#0039a6" />
    <polygon points="5,2.5 5.9,5.3 8.8,5.3 6.4,7 7.3,9.8 5,8.1 2.7,9.8 3.6,7 1.2,5.3 4.1,5.3" fill="#fff" />
  </svg>
);

export const FlagFr = (props: FlagProps) => (
  <svg {...frame} aria-hidden="true" {...props}>
    <rect width="10" height="20" fill="#002395" />
    <rect x="10" width="10" height="20" fill="#fff" />
    <rect x="20" width="10" height="20" fill="#ed2939" />
  </svg>
);

export const FlagIt = (props: FlagProps) => (
  <svg {...frame} aria-hidden="true" {...props}>
    <rect width="10" height="20" fill="#009246" />
    <rect x="10" width="10" height="20" fill="#fff" />
    <rect x="20" width="10" height="20" fill="#ce2b37" />
  </svg>
);

export const FlagCn = (props: FlagProps) => (
  <svg {...frame} aria-hidden="true" {...props}>
    <rect width="30" height="20" fill="#de2910" />
    <polygon
      points="5,2 5.9,4.8 8.8,4.8 6.5,6.5 7.4,9.3 5,7.6 2.6,9.3 3.5,6.5 1.2,4.8 4.1,4.8"
      fill="#ffde00"
    />
    {[
      [10, 2],
      [12, 4],
      [12, 7],
      [10, 9],
    ].map(([cx, cy]) => (
      <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="0.8" fill="#ffde00" />
    ))}
  </svg>
);

export const FlagSa = (props: FlagProps) => (
  <svg {...frame} aria-hidden="true" {...props}>
    <rect width="30" height="20" fill="#006c35" />
    <rect x="7" y="7" width="16" height="1.6" rx="0.8" fill="#fff" />
    <rect x="8" y="12" width="14" height="1" fill="#fff" />
  </svg>
);

export type LanguageOption = {
  languageId: number;
  locale: Locale;
  name: string;
  icon: (props: FlagProps) => React.JSX.Element;
};

/** The language switcher's options (spec section 2: languageId, locale, name, icon); names are endonyms. */
export const LANGUAGE_OPTIONS: readonly LanguageOption[] = [
  { languageId: 1, locale: 'es', name: 'Español', icon: FlagCl },
  { languageId: 2, locale: 'en', name: 'English', icon: FlagUs },
  { languageId: 3, locale: 'fr', name: 'Français', icon: FlagFr },
  { languageId: 4, locale: 'it', name: 'Italiano', icon: FlagIt },
  { languageId: 5, locale: 'zh', name: '中文', icon: FlagCn },
  { languageId: 6, locale: 'ar', name: 'العربية', icon: FlagSa },
];
