import { useState } from 'react';
import { LogoutDialog } from '../../features/account/components/logout-dialog';
import { DriverScreen } from '../../features/driver/routes/driver-screen';

/** /driver: the driver's screen, with account's Log Out in its top bar (a shared phone changes hands). */
export function DriverPage() {
  const [logoutOpen, setLogoutOpen] = useState(false);
  return (
    <>
      <DriverScreen
        signOut={
          <button type="button" className="driver-button" onClick={() => setLogoutOpen(true)}>
            Log Out
          </button>
        }
      />
      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </>
  );
}
