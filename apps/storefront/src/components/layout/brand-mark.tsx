/** The hibiscus logo, drawn inline so the header needs no extra request. Decorative: the brand name sits beside it. */
export function BrandMark({ size = 36, className = 'brand-mark' }: { size?: number; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#ffe6cc" />
      <g fill="#d9435a">
        {[0, 72, 144, 216, 288].map((angle) => (
          <ellipse key={angle} cx="32" cy="17" rx="9" ry="13" transform={`rotate(${angle} 32 32)`} />
        ))}
      </g>
      <circle cx="32" cy="32" r="6" fill="#f6a13a" />
    </svg>
  );
}
