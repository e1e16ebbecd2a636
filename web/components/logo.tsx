/** The programme's wordmark, drawn inline so it costs no request. */
export function Logo({ className, light = false }: { className?: string; light?: boolean }) {
  const ink = light ? '#ffffff' : '#a50d25';
  return (
    <svg className={className} width="96" height="40" viewBox="0 0 96 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="18" fill={ink} />
      <path
        d="M11 24c4 5 14 5 18 0M13 15h4M23 15h4"
        stroke={light ? '#a50d25' : '#fff'}
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
      />
      <text x="44" y="28" fontFamily="'Noto Sans', Arial, sans-serif" fontWeight="700" fontSize="22" fill={ink}>
        JGK
      </text>
    </svg>
  );
}
