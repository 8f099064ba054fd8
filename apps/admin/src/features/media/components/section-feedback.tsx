export type SectionResult = { status: 'idle' } | { status: 'saving' } | { status: 'saved'; text: string } | { status: 'failed'; message: string };

/** The outcome of a section's save, announced where the owner is looking (the toast says it too, briefly). */
export function SectionFeedback({ result, dirty }: { result: SectionResult; dirty: boolean }) {
  if (result.status === 'failed') {
    return (
      <p className="media-feedback media-feedback--error" role="alert">
        Not saved: {result.message}
      </p>
    );
  }
  return (
    <p className="media-feedback" role="status">
      {result.status === 'saving' ? 'Saving…' : dirty ? 'Unsaved changes.' : result.status === 'saved' ? result.text : ''}
    </p>
  );
}
