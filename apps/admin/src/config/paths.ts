/** Every admin route, in one place. Routes carry the /admin prefix themselves (no router basename). */
export const paths = {
  root: '/',
  dashboard: '/admin/',
} as const;
