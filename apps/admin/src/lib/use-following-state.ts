import { type Dispatch, type SetStateAction, useState } from 'react';

/**
 * A local copy of `source` that the screen may change, and that starts again from `source` whenever `source` itself
 * changes (a new loader answer; the URL changed from outside, by the back button or a link). Set while rendering, as
 * React advises for state that follows a prop, so no frame shows the old copy.
 */
export function useFollowingState<T>(source: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(source);
  const [valueOf, setValueOf] = useState(source);
  if (valueOf !== source) {
    setValueOf(source);
    setValue(source);
  }
  return [value, setValue];
}
