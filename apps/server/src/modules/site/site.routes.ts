import { type SiteInfo } from '@oripa/contract/site';
import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { routes } from '../../http/route.ts';

/**
 * The registration number of the invoice system, an owner's setting (decision 044). Settings
 * sit above site in the layers (decision 038): app.ts gives its reader.
 */
export type InvoiceRegistration = (db: DbOrTx) => Promise<string>;
/** Whether the contact links lead to the on-site inquiry form (settings, decision 052). */
export type InquiryFormSwitch = (db: DbOrTx) => Promise<boolean>;

declare module '../../http/context.ts' {
  interface AppContext {
    /** The registration number the legal pages show, '' until set (site.routes.ts). */
    invoiceRegistration: InvoiceRegistration;
    /** Whether the footer's and menu's contact link is the on-site form (site.routes.ts). */
    inquiryForm: InquiryFormSwitch;
  }
}

/** The on-site inquiry form's page (decision 052). */
export const INQUIRY_PAGE = '/inquiry';

/**
 * The operator's business details, as configured, for the footer and the legal pages. The contact
 * link is the on-site form when it is on, the outside page (CONTACT_URL) otherwise.
 */
export function siteInfo(config: Config, invoiceRegistration = '', inquiryForm = false): SiteInfo {
  return {
    company: {
      name: config.COMPANY_NAME,
      name_en: config.COMPANY_NAME_EN,
      representative: config.COMPANY_REPRESENTATIVE,
      zipcode: config.COMPANY_ZIPCODE,
      address: config.COMPANY_ADDRESS,
      address_en: config.COMPANY_ADDRESS_EN,
      tel: config.COMPANY_TEL,
      mail: config.COMPANY_MAIL,
      support_hours: config.SUPPORT_HOURS,
      support_hours_en: config.SUPPORT_HOURS_EN,
      court: config.COURT,
      court_en: config.COURT_EN,
      antique_license: config.ANTIQUE_LICENSE,
      invoice_registration: invoiceRegistration,
    },
    links: {
      company: config.COMPANY_URL,
      contact: inquiryForm ? INQUIRY_PAGE : config.CONTACT_URL,
      sister_sites: config.SISTER_SITES,
    },
  };
}

export default async function siteRoutes(app: FastifyInstance): Promise<void> {
  const { config, invoiceRegistration, inquiryForm } = app.ctx;
  routes(app).handle(apiRoutes.siteInfo, async ({ app }) => siteInfo(config, await invoiceRegistration(app.db), await inquiryForm(app.db)));
}
