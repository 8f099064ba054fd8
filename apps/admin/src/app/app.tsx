import { RouterProvider } from 'react-router-dom';
import { TestShopBanner } from '../components/ui/test-shop-banner';
import { router } from './router';

/** The admin's providers; only the router until the login arrives. Above every screen: a staging shop's banner. */
export function App() {
  return (
    <>
      <TestShopBanner />
      <RouterProvider router={router} />
    </>
  );
}
