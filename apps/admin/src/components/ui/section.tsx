import { type ReactNode, useId } from 'react';

interface SectionProps {
  /** The heading's id where a link or a test names it; one of the section's own otherwise. */
  id?: string;
  title: ReactNode;
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}

/** A part of a screen named by its heading (a region for screen readers). */
export function Section({ id, title, className, titleClassName, children }: SectionProps) {
  const ownId = useId();
  const headingId = id ?? ownId;
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 className={titleClassName} id={headingId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
