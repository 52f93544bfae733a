import { useAppConfig } from '../../app/app-config.tsx';
import { ServerErrorView } from './server-error.view.tsx';

/** The server-error page with the support address from configuration. */
export default function ServerErrorPage() {
  const { supportEmail } = useAppConfig();
  return <ServerErrorView supportEmail={supportEmail} />;
}
