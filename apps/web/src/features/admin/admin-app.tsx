import type { AdminPermission } from '@oripa/contract/admin';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { installAdminTexts } from './admin-texts.ts';
import { useMe } from './api/admin-queries.ts';
import { AdminShell } from './components/admin-shell.tsx';
import { AuditScreen } from './routes/audit-screen.tsx';
import { BannersScreen } from './routes/banners-screen.tsx';
import { CoursesScreen } from './routes/courses-screen.tsx';
import { DashboardScreen } from './routes/dashboard-screen.tsx';
import { ExchangeCardsScreen } from './routes/exchange-cards-screen.tsx';
import { HomeScreen } from './routes/home-screen.tsx';
import { LoginScreen } from './routes/login-screen.tsx';
import { InvoiceScreen } from './routes/invoice-screen.tsx';
import { PointSettingsScreen } from './routes/point-settings-screen.tsx';
import { CouponsScreen } from './routes/coupons-screen.tsx';
import { CampaignsScreen } from './routes/campaigns-screen.tsx';
import { MaintenanceScreen } from './routes/maintenance-screen.tsx';
import { MinorCapsScreen } from './routes/minor-caps-screen.tsx';
import { AlertsScreen } from './routes/alerts-screen.tsx';
import { InquiriesScreen } from './routes/inquiries-screen.tsx';
import { InquiryScreen } from './routes/inquiries-thread-screen.tsx';
import { ReportsScreen } from './routes/reports-screen.tsx';
import { MemberScreen } from './routes/member-screen.tsx';
import { MembersScreen } from './routes/members-screen.tsx';
import { OperatorsScreen } from './routes/operators-screen.tsx';
import { OutboxScreen } from './routes/outbox-screen.tsx';
import { CardTypesScreen } from './routes/packs-card-types.tsx';
import { PackEditorScreen } from './routes/packs-editor.tsx';
import { PacksScreen } from './routes/packs-screen.tsx';
import { PaymentScreen } from './routes/payment-screen.tsx';
import { PaymentsScreen } from './routes/payments-screen.tsx';
import { RanksScreen } from './routes/ranks-screen.tsx';
import { RevealVideosScreen } from './routes/reveal-videos-screen.tsx';
import { ShippingPrint } from './routes/shipping-print.tsx';
import { ShippingScreen } from './routes/shipping-screen.tsx';
import './admin.css';

// This module is the console's lazy chunk: its texts join the catalogue only when it loads.
installAdminTexts();

/** A section the operator's role cannot open leads home (the server refuses its calls anyway). */
function Allowed({ permission, children }: { permission: AdminPermission; children: ReactNode }) {
  const me = useMe();
  if (me.data && !me.data.permissions.includes(permission)) return <Navigate to="/admin" replace />;
  return <>{children}</>;
}

/** The operator console under /admin (see sections.ts for what each role sees). */
export function AdminApp() {
  return (
    <div className="admin">
      <Routes>
        <Route path="login" element={<LoginScreen />} />
        <Route path="shipping/print" element={<Allowed permission="shipping.write"><ShippingPrint /></Allowed>} />
        <Route element={<AdminShell />}>
          <Route index element={<HomeScreen />} />
          <Route path="dashboard" element={<Allowed permission="dashboard.read"><DashboardScreen /></Allowed>} />
          <Route path="members" element={<Allowed permission="members.read"><MembersScreen /></Allowed>} />
          <Route path="members/:id" element={<Allowed permission="members.read"><MemberScreen /></Allowed>} />
          <Route path="inquiries" element={<Allowed permission="inquiries.read"><InquiriesScreen /></Allowed>} />
          <Route path="inquiries/:id" element={<Allowed permission="inquiries.read"><InquiryScreen /></Allowed>} />
          <Route path="minor-caps" element={<Allowed permission="members.read"><MinorCapsScreen /></Allowed>} />
          <Route path="payments" element={<Allowed permission="payments.read"><PaymentsScreen /></Allowed>} />
          <Route path="payments/:id" element={<Allowed permission="payments.read"><PaymentScreen /></Allowed>} />
          <Route path="shipping" element={<Allowed permission="shipping.write"><ShippingScreen /></Allowed>} />
          <Route path="operators" element={<Allowed permission="operators.manage"><OperatorsScreen /></Allowed>} />
          <Route path="audit" element={<Allowed permission="audit.read"><AuditScreen /></Allowed>} />
          <Route path="invoice" element={<Allowed permission="maintenance.read"><InvoiceScreen /></Allowed>} />
          <Route path="point-settings" element={<Allowed permission="maintenance.read"><PointSettingsScreen /></Allowed>} />
          <Route path="coupons" element={<Allowed permission="members.read"><CouponsScreen /></Allowed>} />
          <Route path="campaigns" element={<Allowed permission="members.read"><CampaignsScreen /></Allowed>} />
          <Route path="maintenance" element={<Allowed permission="maintenance.read"><MaintenanceScreen /></Allowed>} />
          <Route path="outbox" element={<Allowed permission="outbox.read"><OutboxScreen /></Allowed>} />
          <Route path="alerts" element={<Allowed permission="alerts.read"><AlertsScreen /></Allowed>} />
          <Route path="reports" element={<Allowed permission="reports.read"><ReportsScreen /></Allowed>} />
          <Route path="packs" element={<Allowed permission="catalog.write"><PacksScreen /></Allowed>} />
          <Route path="packs/:id" element={<Allowed permission="catalog.write"><PackEditorScreen /></Allowed>} />
          <Route path="card-types" element={<Allowed permission="catalog.write"><CardTypesScreen /></Allowed>} />
          <Route path="courses" element={<Allowed permission="catalog.write"><CoursesScreen /></Allowed>} />
          <Route path="banners" element={<Allowed permission="catalog.write"><BannersScreen /></Allowed>} />
          <Route path="exchange-cards" element={<Allowed permission="catalog.write"><ExchangeCardsScreen /></Allowed>} />
          <Route path="ranks" element={<Allowed permission="catalog.write"><RanksScreen /></Allowed>} />
          <Route path="reveal-videos" element={<Allowed permission="catalog.write"><RevealVideosScreen /></Allowed>} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </div>
  );
}
