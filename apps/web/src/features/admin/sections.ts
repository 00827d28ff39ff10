import type { AdminPermission } from '@oripa/contract/admin';
import type { AdminKey } from './admin-texts.ts';

/**
 * The console's sections, each shown to operators whose role has its permission as the owner set
 * it (decision 049; the server guards the calls the same way). Issue 13's dashboard and shipping queue are one entry each here and one
 * route in admin-app.tsx.
 */
export interface Section {
  path: string;
  label: AdminKey;
  permission: AdminPermission;
}

export const SECTIONS: readonly Section[] = [
  { path: 'dashboard', label: 'dashboard.nav', permission: 'dashboard.read' },
  { path: 'reports', label: 'reports.nav', permission: 'reports.read' },
  { path: 'members', label: 'nav.members', permission: 'members.read' },
  { path: 'inquiries', label: 'inquiries.nav', permission: 'inquiries.read' },
  { path: 'minor-caps', label: 'safety.nav', permission: 'members.read' },
  { path: 'packs', label: 'catalog.nav', permission: 'catalog.write' },
  { path: 'courses', label: 'shop.nav.courses', permission: 'catalog.write' },
  { path: 'banners', label: 'shop.nav.banners', permission: 'catalog.write' },
  { path: 'exchange-cards', label: 'shop.nav.exchangeCards', permission: 'catalog.write' },
  { path: 'ranks', label: 'shop.nav.ranks', permission: 'catalog.write' },
  { path: 'reveal-videos', label: 'shop.nav.revealVideos', permission: 'catalog.write' },
  { path: 'payments', label: 'nav.payments', permission: 'payments.read' },
  { path: 'shipping', label: 'shipping.nav', permission: 'shipping.write' },
  { path: 'operators', label: 'nav.operators', permission: 'operators.manage' },
  { path: 'audit', label: 'nav.audit', permission: 'audit.read' },
  { path: 'invoice', label: 'invoice.nav', permission: 'maintenance.read' },
  { path: 'point-settings', label: 'points.nav', permission: 'maintenance.read' },
  { path: 'coupons', label: 'coupons.nav', permission: 'members.read' },
  { path: 'campaigns', label: 'campaigns.nav', permission: 'members.read' },
  { path: 'maintenance', label: 'nav.maintenance', permission: 'maintenance.read' },
  { path: 'outbox', label: 'nav.outbox', permission: 'outbox.read' },
  { path: 'alerts', label: 'alerts.nav', permission: 'alerts.read' },
];

export function sectionsFor(permissions: readonly AdminPermission[]): Section[] {
  return SECTIONS.filter((s) => permissions.includes(s.permission));
}
