/**
 * Where the landing page's calls to action go, kept in one place. Every buying path starts at
 * the package chooser (spec §2 "Pricing": choose a join type, then a package); the chooser
 * sends a visitor to register from the package's page, with the way back in the link.
 */
const PLANS = '/plans';

export const HOME_LINKS = {
  pricing: PLANS,
  buyNow: PLANS,
  shopOwner: `${PLANS}?type=business`,
  studio: `${PLANS}?type=studio`,
  joinNow: `${PLANS}?type=studio`,
  login: '/signin',
  dashboard: '/dashboard',
  privacy: '/privacy',
} as const;

/** The spec §1 figures the page quotes, so copy and calculator agree. */
export const HOME_FIGURES = {
  videosPerDay: 5,
  videosPerMonth: 150,
  radiusKm: 3,
  merchantPlanUsd: 1000,
  studioJoinUsd: 1000,
  perClientUsd: 700,
  exampleClients: 20,
  paybackMonths: 2,
  placesPerCity: 100,
  visionStudios: 10_000,
  visionBusinesses: 100_000,
} as const;
