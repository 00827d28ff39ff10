import { type SiteInfo } from '@oripa/contract/site';
import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { routes } from '../../http/route.ts';

/** The operator's business details, as configured, for the footer and the legal pages. */
export function siteInfo(config: Config): SiteInfo {
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
    },
    links: {
      company: config.COMPANY_URL,
      contact: config.CONTACT_URL,
      sister_sites: config.SISTER_SITES,
    },
  };
}

export default async function siteRoutes(app: FastifyInstance): Promise<void> {
  const info = siteInfo(app.ctx.config);
  routes(app).handle(apiRoutes.siteInfo, async () => ({ ...info }));
}
