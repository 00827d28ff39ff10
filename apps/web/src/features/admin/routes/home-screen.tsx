import { Link } from 'react-router';
import { useAdminT } from '../admin-texts.ts';
import { useMe } from '../api/admin-queries.ts';
import { QueryView } from '../components/query-view.tsx';
import { sectionsFor } from '../sections.ts';

/** The console's first screen: who is signed in, with which role, and what that role can open. */
export function HomeScreen() {
  const t = useAdminT();
  const me = useMe();
  return (
    <QueryView query={me}>
      {({ operator, idle_minutes, permissions }) => (
        <section>
          <h1>{t('home.heading')}</h1>
          <p>{t('home.signedInAs', { name: operator.name, mail: operator.mail })}</p>
          <p>{t('home.role', { role: t(`roles.${operator.role}`) })}</p>
          <p className="admin-muted">{t('home.idle', { minutes: idle_minutes })}</p>
          <h2>{t('home.sections')}</h2>
          <ul className="admin-cards">
            {sectionsFor(permissions).map((s) => (
              <li key={s.path}>
                <Link to={`/admin/${s.path}`}>{t(s.label)}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </QueryView>
  );
}
