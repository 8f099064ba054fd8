import { setToastDuration } from '@shop/web-ui';

// The owner's toasts are product, order and control toasts: 2 s, not 5 (spec sections 8 and 9).
setToastDuration(2000);
