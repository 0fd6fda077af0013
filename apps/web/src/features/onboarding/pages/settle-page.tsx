import { INFO_STATUS } from '@nearcast/contract';
import { SettleDone, SettleStep } from '../components/settle-step';
import { useSession } from '../../../lib/session';

/**
 * /settle (client only, common layout): a paid client whose information is incomplete is kept
 * here by the guard (spec §4) until the form is sent; with complete information the page says
 * so and points to the dashboard.
 */
export function SettlePage() {
  const { user } = useSession();
  if (user?.info_status === INFO_STATUS.complete) return <SettleDone role="client" />;
  return <SettleStep role="client" />;
}
