import type { ReactNode } from 'react';

interface TitledSectionProps {
  /** The heading's id: the section is a landmark named by its heading. */
  headingId: string;
  title: string;
  className: string;
  /** The section's own id, where a link points at it. */
  id?: string;
  children: ReactNode;
}

/** A page section named by its h2 (drawn in the shop's section-heading style). */
export function TitledSection({ headingId, title, className, id, children }: TitledSectionProps) {
  return (
    <section id={id} className={className} aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
