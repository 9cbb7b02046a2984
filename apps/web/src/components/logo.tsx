/**
 * The Mohar mark: a round seal with a check inside. It draws in `currentColor`,
 * so it follows the surrounding text colour and the theme. The SVG is decorative;
 * the wordmark (or the enclosing link's label) carries the name.
 */
export function Logo({ size = 32, withWordmark = true }: { size?: number; withWordmark?: boolean }) {
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: Math.round(size * 0.3),
        color: 'inherit',
        lineHeight: 1,
      }}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        width={size}
        height={size}
        viewBox="0 0 32 32"
        fill="none"
        stroke="currentColor"
        strokeLinecap="round"
        strokeLinejoin="round"
        style={{ flexShrink: 0 }}
      >
        <circle cx="16" cy="16" r="13" strokeWidth="3" />
        <path d="M10.5 16.5l4 4l7-8.5" strokeWidth="3.2" />
      </svg>
      {withWordmark ? (
        <span style={{ fontSize: Math.round(size * 0.7), fontWeight: 700, letterSpacing: '0.01em' }}>
          Mohar
        </span>
      ) : null}
    </span>
  );
}
