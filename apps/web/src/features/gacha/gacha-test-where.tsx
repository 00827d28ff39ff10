import { useLocation } from 'react-router';

/** Test-only target route: shows where the app went and the navigation state it carried. */
export function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}|{JSON.stringify(location.state)}
    </p>
  );
}
