/**
 * A variant's values as people read them ('16 oz / Cocoa'), from its product's options and its value ids in option
 * order; '' for the implicit variant of a product without options. Pure: an option or value it cannot find is left
 * out rather than guessed.
 */
export function variantLabel(options: unknown, valueIds: readonly string[]): string {
  if (!Array.isArray(options)) return '';
  const labels = valueIds.map((id, index) => {
    const values: unknown = (options[index] as { values?: unknown } | undefined)?.values;
    if (!Array.isArray(values)) return null;
    const value = values.find((v): v is { id: string; label: string } => typeof v === 'object' && v !== null && (v as { id?: unknown }).id === id);
    return typeof value?.label === 'string' && value.label.trim() ? value.label.trim() : null;
  });
  return labels.filter((label): label is string => label !== null).join(' / ');
}
