/**
 * Where the landing page's calls to action go, kept in one place: the pricing issue will point
 * them at the package chooser, and this is the only file it has to touch.
 */
const REGISTER = '/signin?mode=register';

export const HOME_LINKS = {
  pricing: `${REGISTER}&join=business`,
  buyNow: `${REGISTER}&join=business`,
  shopOwner: `${REGISTER}&join=business`,
  studio: `${REGISTER}&join=studio`,
  joinNow: `${REGISTER}&join=studio`,
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
