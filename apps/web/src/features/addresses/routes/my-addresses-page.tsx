import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AddressWire } from '@shop/shared/contract/addresses';
import { Page } from '../../../components/page';
import { Alert, Button, Icon, Skeleton } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useAddresses } from '../api/address-api';
import { AddressForm } from '../components/address-form';
import { DeleteAddressDialog } from '../components/delete-address-dialog';
import { addressOneLine } from '../lib/address-text';
import { joinFullName } from '../lib/full-name';

/** Which form is open: a new address, or the one with this id. */
type Editing = { kind: 'new' } | { kind: 'edit'; id: string } | null;

/** The address form in place, with its heading; it takes the focus (and comes into view) when it opens. */
function FormInPlace({ stored, onDone }: { stored?: AddressWire; onDone: () => void }) {
  const box = useRef<HTMLElement>(null);
  const title = stored ? 'Edit address' : 'Add address';
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
    box.current?.querySelector('input')?.focus();
  }, []);
  return (
    <section ref={box} aria-label={title}>
      <h2 className="checkout-title address-form-title">{title}</h2>
      <AddressForm
        stored={stored}
        label={title}
        onSaved={(message) => {
          showToast(message, 'success');
          onDone();
        }}
        extraAction={<Button onClick={onDone}>Cancel</Button>}
      />
    </section>
  );
}

function AddressCard({ address, onEdit, onDelete }: { address: AddressWire; onEdit: () => void; onDelete: () => void }) {
  const line = addressOneLine(address);
  return (
    <li className="ui-surface address-card">
      <div className="address-card-text">
        <p className="ui-p address-name">{joinFullName(address.firstname, address.lastname)}</p>
        <p className="ui-p ui-body2">{line}</p>
        <p className="ui-p ui-body2 ui-muted">
          {address.phone} · {address.Email}
        </p>
      </div>
      <button type="button" onClick={onEdit} aria-label={`Edit address ${line}`} className="icon-button address-icon-button">
        <Icon name="editOutlined" />
      </button>
      <button type="button" onClick={onDelete} aria-label={`Delete address ${line}`} className="icon-button address-icon-button">
        <Icon name="deleteOutline" />
      </button>
    </li>
  );
}

/**
 * `/profile/addresses`, linked from My Profile: the customer's saved addresses, to add, edit and delete without going
 * through checkout. The same form and API as checkout's (`/addaddress`); saving stays on this page.
 */
export function MyAddressesPage() {
  const { user } = useSession();
  const addresses = useAddresses(user?.email);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<AddressWire | null>(null);
  const list = addresses.data ?? [];
  const close = () => setEditing(null);

  return (
    <Page
      title="My Addresses"
      actions={
        editing?.kind !== 'new' && (
          <Button variant="contained" startIcon={<Icon name="add" />} onClick={() => setEditing({ kind: 'new' })}>
            Add address
          </Button>
        )
      }
    >
      <div className="addresses-page">
        {editing?.kind === 'new' && <FormInPlace onDone={close} />}
        {addresses.isPending && <Skeleton height={88} />}
        {addresses.isError && <Alert severity="error">{addresses.error.message}</Alert>}
        {addresses.isSuccess && list.length === 0 && editing === null && (
          <p className="ui-p ui-muted">You have no saved address yet. Add one here, or at checkout.</p>
        )}
        {list.length > 0 && (
          <ul aria-label="Saved addresses" className="ui-list address-cards">
            {list.map((address) =>
              editing?.kind === 'edit' && editing.id === address._id ? (
                <li key={address._id}>
                  <FormInPlace stored={address} onDone={close} />
                </li>
              ) : (
                <AddressCard
                  key={address._id}
                  address={address}
                  onEdit={() => setEditing({ kind: 'edit', id: address._id })}
                  onDelete={() => setConfirming(address)}
                />
              ),
            )}
          </ul>
        )}
        <Link to={paths.myProfile} className="text-link addresses-back">
          Back to My Profile
        </Link>
      </div>
      <DeleteAddressDialog
        address={confirming}
        onClose={() => setConfirming(null)}
        onDeleted={(id) => {
          if (editing?.kind === 'edit' && editing.id === id) close();
        }}
      />
    </Page>
  );
}
