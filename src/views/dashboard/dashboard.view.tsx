import { useSession } from '../../app/session.tsx';
import { ComingSoon } from '../public/coming-soon.view.tsx';

/** The signed-in user's home (spec 1 §6). */
export default function DashboardPage() {
  const { user } = useSession();
  return <ComingSoon title="Dashboard">{user && <p className="mt-1 text-lg">Welcome, {user.firstName}.</p>}</ComingSoon>;
}
