import { z } from 'zod';

/**
 * GET /user/site_info: the operator's business details and outside links, from the server's
 * configuration, shown by the footer and the legal pages.
 */
export const siteInfoResponse = z.object({
  company: z.object({
    name: z.string(),
    name_en: z.string(),
    representative: z.string(),
    zipcode: z.string(),
    address: z.string(),
    address_en: z.string(),
    tel: z.string(),
    mail: z.string(),
    support_hours: z.string(),
    support_hours_en: z.string(),
    court: z.string(),
    court_en: z.string(),
    antique_license: z.string(),
    /** The qualified-invoice registration number (T + 13 digits), '' until the owner enters it. */
    invoice_registration: z.string(),
  }),
  links: z.object({
    company: z.string(),
    contact: z.string(),
    /** name_en: the English label ('' shows name). */
    sister_sites: z.array(z.object({ name: z.string(), name_en: z.string(), url: z.string(), icon: z.string() })),
  }),
});
export type SiteInfo = z.infer<typeof siteInfoResponse>;
