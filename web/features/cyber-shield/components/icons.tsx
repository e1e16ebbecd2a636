// Small line icons for the help cards and the threats; decorative (the headings carry the meaning).
const common = {
  width: 40,
  height: 40,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export const icons = {
  police: (
    <svg {...common}>
      <path d="M3 21h18M5 21V10l7-5 7 5v11M9 21v-6h6v6M12 9.5v.01" />
    </svg>
  ),
  phone: (
    <svg {...common}>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
    </svg>
  ),
  portal: (
    <svg {...common}>
      <rect x="3" y="4" width="18" height="13" rx="2" />
      <path d="M8 21h8M12 17v4M7 9h6M7 12h10" />
    </svg>
  ),
  phishing: (
    <svg {...common}>
      <path d="M4 6h16v10H8l-4 4z" />
      <path d="M15 3v6a2 2 0 1 1-4 0" />
    </svg>
  ),
  shopping: (
    <svg {...common}>
      <path d="M3 4h2l2.4 11h10.2L20 8H6.2" />
      <circle cx="9" cy="19" r="1.5" />
      <circle cx="17" cy="19" r="1.5" />
    </svg>
  ),
  malware: (
    <svg {...common}>
      <rect x="8" y="7" width="8" height="12" rx="4" />
      <path d="M12 7V4M8 11H4M20 11h-4M8 15l-3 2M16 15l3 2M9 5l1.5 2M15 5l-1.5 2" />
    </svg>
  ),
  identity: (
    <svg {...common}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="11" r="2.5" />
      <path d="M5.5 16.5a4 4 0 0 1 7 0M14 10h4M14 13h3" />
    </svg>
  ),
};
