import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation.ts';
import { ExternalIcon } from './icons.tsx';

interface SmartLinkProps {
  href: string;
  className?: string;
  ariaLabel?: string;
  onClick?: () => void;
  /** Shows the "leaves the shop" icon next to links that open another site. */
  markExternal?: boolean;
  children: ReactNode;
}

/** True for a path of this shop ('/pack-list'), false for another site ('https://…', '//…'). */
export function isInAppPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** True for addresses of other web sites, which open in a new tab. */
function isWebAddress(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

/**
 * A link whose target comes from data or configuration (banners, sister sites, the company and
 * contact pages): paths of this shop navigate inside the app, other web sites open in a new tab
 * (and say so), mailto: and tel: links open the mail or phone app.
 */
export function SmartLink({
  href,
  className,
  ariaLabel,
  onClick,
  markExternal = false,
  children,
}: SmartLinkProps) {
  const { t } = useTranslation();
  if (isInAppPath(href)) {
    return (
      <Link to={href} className={className} aria-label={ariaLabel} onClick={onClick}>
        {children}
      </Link>
    );
  }
  const newTab = isWebAddress(href);
  return (
    <a
      href={href}
      className={className}
      aria-label={ariaLabel}
      onClick={onClick}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener noreferrer' : undefined}
    >
      {children}
      {newTab && markExternal && <ExternalIcon className="external-icon" />}
      {newTab && !ariaLabel && <span className="visually-hidden">{t('common.opensNewTab')}</span>}
    </a>
  );
}
