// Facts about the programme that pages show. The specification leaves the contact address and the
// external addresses open; the programme's staff set the real ones here, and the site is built
// again (docs/decisions/0004-web-routes-and-site-facts.md, README "Site settings").
export const site = {
  contactEmail: 'contact@jgk-programme.example',
} as const;

export const externalLinks = {
  schools: 'https://online.fliphtml5.com/jgk/schools/',
  cybercrimePortal: 'https://cybercrime.gov.in/',
} as const;

/**
 * The programme's own pages on social networks, shown as icons in the footer (in this order): the
 * full address of each page, for example https://www.facebook.com/<the programme's page>. A link
 * left empty is not shown; with none set, the footer has no "Follow us".
 */
export const socialLinks: Record<'facebook' | 'x' | 'youtube' | 'instagram', string> = {
  facebook: '',
  x: '',
  youtube: '',
  instagram: '',
};

/**
 * Where the partners' logos in the footer lead. A logo whose link is left empty is shown without a
 * link.
 */
export const partnerLinks: Record<'viFoundation' | 'vi', string> = {
  viFoundation: '',
  // The company's own site.
  vi: 'https://www.myvi.in/',
};

/** The "Watch how it works" film (YouTube id), and the programme's own film on the home page. */
export const videos = {
  howItWorksYouTubeId: 'M7lc1UVf-VE',
  homeFilm: { src: 'uploads/videos/how-upi-works.webm', poster: 'uploads/videos/how-upi-works-poster.svg' },
} as const;

/** Publications on the news page, each an external flip-book (addresses set by the programme's staff). */
export const publications = [
  { key: 'wonderOfWomen', href: 'https://online.fliphtml5.com/jgk/wonder-of-women/', colour: '#a50d25' },
  { key: 'womenOfWonder1', href: 'https://online.fliphtml5.com/jgk/women-of-wonder-1/', colour: '#7c3aed' },
  { key: 'womenOfWonder2', href: 'https://online.fliphtml5.com/jgk/women-of-wonder-2/', colour: '#0f766e' },
  { key: 'dreamsAndJourneys', href: 'https://online.fliphtml5.com/jgk/dreams-and-journeys/', colour: '#1e3a8a' },
];
