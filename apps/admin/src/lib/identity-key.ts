const keys = new WeakMap<object, number>();
let next = 1;

/**
 * A number that stands for one object (a loader's promise): a Suspense boundary keyed by it starts afresh, with
 * its placeholder, for each new load, where a revalidation in a transition would keep the last answer showing.
 */
export function identityKey(value: object): number {
  let key = keys.get(value);
  if (key === undefined) {
    key = next++;
    keys.set(value, key);
  }
  return key;
}
