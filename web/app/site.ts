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
