interface FormAlertProps {
  message: string | null | undefined | false;
  /** For an input's aria-describedby. */
  id?: string;
  className?: string;
}

/** A form's or an action's failure, read out when it appears; nothing when there is none. */
export function FormAlert({ message, id, className }: FormAlertProps) {
  if (!message) return null;
  return (
    <p id={id} className={className ? `field__error ${className}` : 'field__error'} role="alert">
      {message}
    </p>
  );
}
