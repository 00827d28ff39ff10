/**
 * Both UI text catalogues, for tests that compare them. The app never imports this file: it
 * bundles ja.ts with its entry and loads en.ts only in English mode (lib/i18n.ts). A new feature
 * catalogue is registered in ja.ts and en.ts.
 */
export { EN } from './en.ts';
export { JA } from './ja.ts';
