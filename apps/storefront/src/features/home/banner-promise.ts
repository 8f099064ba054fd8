/** Text that promises a saving ("10% OFF", "Sale", "discount"): the banner shows it only while a live code backs it. */
export function promisesSaving(text: string): boolean {
  return /\d\s*%|\bOFF\b|\bsale\b|\bdiscount/i.test(text);
}
