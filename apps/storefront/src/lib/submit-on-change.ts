/**
 * A choice that is its own action (the products' type filter, a product's option buttons): a `<select>` or radio
 * button marked `data-submit-on-change` inside a GET form sends the form when it changes, so the server answers it
 * before the app runs and the app's own submit handler (which moves without a page load) answers it after. Without
 * JavaScript the form's own button sends it. One listener on the document for the page's whole life: it acts the same
 * before and after hydration.
 */
export function submitFormsOnChange(): void {
  document.addEventListener('change', (event) => {
    const field = event.target;
    const choice = field instanceof HTMLSelectElement || (field instanceof HTMLInputElement && field.type === 'radio');
    if (choice && field.dataset.submitOnChange !== undefined) field.form?.requestSubmit();
  });
}
