import { formatUsdRound } from '../../lib/money';

/**
 * Where the landing page's calls to action go, kept in one place. Every buying path starts at
 * the package chooser (spec §2 "Pricing": choose a join type, then a package); the chooser
 * sends a visitor to register from the package's page, with the way back in the link. Join Now,
 * the franchise pitch's action, opens the studio onboarding page first: what joining takes,
 * the places rule, a call-back form, and from there the studio packages.
 */
const PLANS = '/plans';

export const HOME_LINKS = {
  pricing: PLANS,
  buyNow: PLANS,
  shopOwner: `${PLANS}?type=business`,
  studio: `${PLANS}?type=studio`,
  joinNow: '/settle/studio',
  login: '/signin',
  dashboard: '/dashboard',
  privacy: '/privacy',
} as const;

/** The spec §1 figures the page quotes, so copy and calculator agree. */
export const HOME_FIGURES = {
  videosPerDay: 5,
  /** What a merchant gets: about 5 a day, about 150 a month (spec §1). */
  videosPerMonth: 150,
  /**
   * The franchise pitch's per-client claim (spec §1 "in another text", §9): 100 videos per month
   * per client, written as a floor (100+) so it never contradicts the 150 beside it.
   */
  videosPerClientMonth: 100,
  radiusKm: 3,
  merchantPlanUsd: 1000,
  studioJoinUsd: 1000,
  perClientUsd: 700,
  exampleClients: 20,
  paybackMonths: 2,
  placesPerCity: 100,
  /**
   * How long a freed place is held for the first in a full city's line: the contract's
   * WAITLIST_HOLD_HOURS, repeated here so the landing page loads none of the contract's schemas
   * (a test holds the two equal).
   */
  waitlistHoldHours: 48,
  visionStudios: 10_000,
  visionBusinesses: 100_000,
} as const;

/** The figures as the catalogue's placeholders name them, money in the reader's format. */
export function figureValues(language: string) {
  return {
    perDay: HOME_FIGURES.videosPerDay,
    perMonth: HOME_FIGURES.videosPerMonth,
    videosPerClient: HOME_FIGURES.videosPerClientMonth,
    km: HOME_FIGURES.radiusKm,
    perClient: formatUsdRound(HOME_FIGURES.perClientUsd, language),
    clients: HOME_FIGURES.exampleClients,
    total: formatUsdRound(HOME_FIGURES.perClientUsd * HOME_FIGURES.exampleClients, language),
    joinCost: formatUsdRound(HOME_FIGURES.studioJoinUsd, language),
    months: HOME_FIGURES.paybackMonths,
    places: HOME_FIGURES.placesPerCity,
    holdHours: HOME_FIGURES.waitlistHoldHours,
  };
}
