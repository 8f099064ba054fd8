import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import './not-found.css';

export function NotFoundRoute() {
  return (
    <div className="container page-section not-found">
      <title>Page Not Found | Island Glow</title>
      <h1 className="not-found__title">Page Not Found.</h1>
      <p className="not-found__text">The page you were looking for has drifted out to sea.</p>
      <Link className="button" to={paths.home}>
        Back to Home
      </Link>
    </div>
  );
}
