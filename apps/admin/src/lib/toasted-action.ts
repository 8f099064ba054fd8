import { errorMessage } from '@shop/api-client';
import { toast } from '@shop/web-ui';

/** What a screen's action answers for one of its buttons: whether it worked, and what the toast said. */
export interface ActionResult {
  ok: boolean;
  message: string;
}

/** Runs an action's work, says what it answered (or why it failed) in a toast, and returns that to the screen. */
export async function toastedAction(work: () => Promise<string>): Promise<ActionResult> {
  try {
    const message = await work();
    toast(message);
    return { ok: true, message };
  } catch (caught) {
    const message = errorMessage(caught);
    toast(message, 'error');
    return { ok: false, message };
  }
}
