import { Audiences } from '../components/audiences';
import { EarningsCalculator } from '../components/earnings-calculator';
import { FaqSection } from '../components/faq-section';
import { Hero } from '../components/hero';
import { LatestContent } from '../components/latest-content';
import { HomeHeader } from '../components/home-header';
import { planStanding } from '../../../lib/plan-standing';
import { useSession } from '../../../lib/session';
import { Benefits, ClosingCta, HomeFooter, HowItWorks, PackageBanner, PlanNotice, Vision } from '../components/sections';
// The landing page's sheets, in cascade order: each later one may override an earlier one.
import '../home-shell.css';
import '../home-hero.css';
import '../home-numbers.css';
import '../home-audiences.css';
import '../home-earnings.css';
import '../home-story.css';
import '../home-faq.css';
import '../home-banners.css';
import '../home-latest.css';

/**
 * The landing page (spec §1, §2 "Home"): the AI studio franchise pitched first (hero, benefits,
 * earnings), then the shop owner's side, the FAQ and Join Now, with the spec's figures as proof
 * points. Phone first.
 */
export function HomePage() {
  const { user, role } = useSession();
  const standing = planStanding(user, role);

  return (
    <div className="home">
      <HomeHeader standing={standing} />
      <PlanNotice standing={standing} />
      <main>
        <Hero />
        <Benefits />
        <EarningsCalculator />
        <Audiences />
        <HowItWorks />
        <Vision />
        <LatestContent />
        <FaqSection />
        <ClosingCta />
      </main>
      <HomeFooter />
      <PackageBanner standing={standing} />
    </div>
  );
}
