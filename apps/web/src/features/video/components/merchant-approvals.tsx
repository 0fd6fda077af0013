import { useSearchParams } from 'react-router';
import { postIdOf, withPost } from '../lib/approval';
import { ApprovalDrawer } from './approval-drawer';
import { ApprovalsPanel } from './approvals-panel';
import '../pages/video.css';

/**
 * The merchant's approvals on its dashboard: the panel of posts waiting for it, and the review
 * drawer addressed by `?post=<id>`, where its notifications and mails about a post lead.
 * Opening adds an entry to the history (Back closes the drawer); closing replaces it, so Back
 * never opens the post again.
 */
export function MerchantApprovals() {
  const [params, setParams] = useSearchParams();
  const show = (id: number | null) => setParams((current) => withPost(current, id), { replace: id === null });
  return (
    <>
      <ApprovalsPanel onOpen={show} />
      <ApprovalDrawer id={postIdOf(params)} onClose={() => show(null)} />
    </>
  );
}
