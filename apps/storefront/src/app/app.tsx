import { RouterProvider } from 'react-router-dom';
import { router } from './router';

/** The storefront's providers; only the router so far (the cart store arrives with the cart screen). */
export function App() {
  return <RouterProvider router={router} />;
}
