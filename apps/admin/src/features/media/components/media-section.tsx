import type { ReactNode } from 'react';
import { Section } from '../../../components/ui/section';

interface MediaSectionProps {
  title: string;
  /** Said in place of the list while it is empty. */
  empty: string;
  listClassName: string;
  /** The list's items, one per picture or video. */
  items: ReactNode[];
  /** What adds to the list, and its save. */
  children: ReactNode;
}

/** One list of the gallery (images, videos): its heading, its items or that there are none, and its tools. */
export function MediaSection({ title, empty, listClassName, items, children }: MediaSectionProps) {
  return (
    <Section className="media-section card" titleClassName="media-section__title" title={title}>
      {items.length === 0 ? <p>{empty}</p> : <ul className={listClassName}>{items}</ul>}
      {children}
    </Section>
  );
}
