import * as api from '@oripa/contract/api-paths';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { LangToggle } from '@/components/lang-toggle.tsx';
import { useAdminT } from '../admin-texts.ts';
import { adminSend } from '../api/admin-client.ts';
import { ADMIN_KEY, useMe } from '../api/admin-queries.ts';
import { sectionsFor } from '../sections.ts';
import { QueryView, sessionEnded } from './query-view.tsx';

/** The console's frame once signed in: who is signed in, the sections of their role, sign-out. */
export function AdminShell() {
  const t = useAdminT();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (me.isError && sessionEnded(me.error)) return <Navigate to="/admin/login" replace />;

  const logout = async () => {
    await adminSend(api.adminLogout);
    queryClient.removeQueries({ queryKey: ADMIN_KEY });
    await navigate('/admin/login', { replace: true });
  };

  return (
    <QueryView query={me}>
      {({ operator, permissions }) => (
        <div className="admin-frame">
          <header className="admin-header">
            <span className="admin-brand">{t('title')}</span>
            <span className="admin-who" data-testid="admin-who">
              {operator.name} · {t(`roles.${operator.role}`)}
            </span>
            <LangToggle />
            <button type="button" className="admin-button admin-button--quiet" onClick={() => void logout()}>
              {t('logout')}
            </button>
          </header>
          <div className="admin-body">
            <nav className="admin-nav" aria-label={t('nav.label')}>
              <NavLink to="/admin" end>
                {t('nav.home')}
              </NavLink>
              {sectionsFor(permissions).map((s) => (
                <NavLink key={s.path} to={`/admin/${s.path}`}>
                  {t(s.label)}
                </NavLink>
              ))}
            </nav>
            <main className="admin-main" id="main">
              <Outlet />
            </main>
          </div>
        </div>
      )}
    </QueryView>
  );
}
