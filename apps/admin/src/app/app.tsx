import { RouterProvider } from 'react-router-dom';
import { router } from './router';

/** The admin's providers; only the router until the login arrives. */
export function App() {
  return <RouterProvider router={router} />;
}
