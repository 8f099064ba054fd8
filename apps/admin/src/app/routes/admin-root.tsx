import { Outlet } from 'react-router-dom';
import { TestShopBanner } from '../../components/ui/test-shop-banner';

/** Above every screen of the admin, the login too: a staging shop's test-shop banner. */
export function AdminRoot() {
  return (
    <>
      <TestShopBanner />
      <Outlet />
    </>
  );
}
