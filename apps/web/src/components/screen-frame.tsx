import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation.ts';
import type ja from '@/locales/ja.json';
import { PageFrame } from './page-frame.tsx';

/** Screens that have a heading and a lead in locales (`screens.<name>.title` / `.lead`). */
export type ScreenName = keyof (typeof ja)['screens'];

export interface ScreenLink {
  to: string;
  label: string;
  primary?: boolean;
}

interface ScreenFrameProps {
  screen: ScreenName;
  links?: ScreenLink[];
  children?: ReactNode;
}

/** A screen inside the shared layout with its heading, its purpose and where to go next. */
export function ScreenFrame({ screen, links = [], children }: ScreenFrameProps) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`screens.${screen}.title`)} lead={t(`screens.${screen}.lead`)} narrow>
      {children}
      {links.length > 0 && (
        <div className="button-row">
          {links.map((link) => (
            <Link key={link.to} to={link.to} className={link.primary ? 'btn btn--gold' : 'btn btn--outline'}>
              {link.label}
            </Link>
          ))}
        </div>
      )}
    </PageFrame>
  );
}
