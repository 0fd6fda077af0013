/** The tick before each feature, in the package's own check colour. */
export function CheckIcon({ colour }: { colour: string }) {
  return (
    <svg className="plan-check" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <circle cx="10" cy="10" r="9" fill={colour} fillOpacity="0.16" />
      <path d="M6 10.5l2.6 2.6L14 7.6" fill="none" stroke={colour} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
