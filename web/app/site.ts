// Facts about the programme that pages show. The specification leaves the contact address and the
// external addresses open; the programme's staff set the real ones here (docs/decisions/0004-web-routes-and-site-facts.md).
export const site = {
  contactEmail: 'contact@jgk-programme.example',
} as const;

export const externalLinks = {
  schools: 'https://online.fliphtml5.com/jgk/schools/',
  cybercrimePortal: 'https://cybercrime.gov.in/',
  facebook: 'https://www.facebook.com/',
  x: 'https://x.com/',
  youtube: 'https://www.youtube.com/',
  instagram: 'https://www.instagram.com/',
  viFoundation: 'https://www.myvi.in/',
  vi: 'https://www.myvi.in/',
} as const;

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
