import { createInstance } from 'i18next';
import enApplications from '../locales/en/applications.json';
import hiApplications from '../locales/hi/applications.json';

/** For tests: the `applications` namespace's texts in one language, as the app's `t` gives them. */
export async function applicationsTextIn(language: 'en' | 'hi') {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { applications: enApplications }, hi: { applications: hiApplications } },
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(language, 'applications');
}
