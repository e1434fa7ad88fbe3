import { loadAppTexts } from '../../../shared/i18n';

/**
 * The main dashboard's period section with its texts, one step removed: the bundler lists every chunk a
 * lazy import needs (for preloading) in the module that imports it, and for the charts that list alone
 * would add a kilobyte to what a browser downloads before the dashboard shows. Imported lazily itself,
 * this module carries it.
 */
export const loadMainPeriodSection = () =>
  Promise.all([import('./main-period-section'), loadAppTexts()]).then(([module]) => ({
    default: module.MainPeriodSection,
  }));
