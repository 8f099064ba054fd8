import './error-panel.css';

interface ErrorPanelProps {
  message: string;
  /** Shows a 'Try again' button when given. */
  onRetry?: () => void;
}

/** The one way a failed load is shown: 'Oops, an error occurred: {message}'. */
export function ErrorPanel({ message, onRetry }: ErrorPanelProps) {
  return (
    <div className="error-panel" role="alert">
      <p className="error-panel__text">Oops, an error occurred: {message}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
