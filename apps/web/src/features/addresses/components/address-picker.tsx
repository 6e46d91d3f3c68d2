import { formatPhone } from '@shop/shared/domain/phone';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AddressWire } from '@shop/shared/contract/addresses';
import { ADD_ADDRESS_CARD } from '@shop/shared/domain/messages';
import { Alert, ButtonLink, Icon, Radio, Skeleton } from '../../../components/ui';
import { useAddresses } from '../api/address-api';
import { addressOneLine } from '../lib/address-text';
import { joinFullName } from '../lib/full-name';
import { DeleteAddressDialog } from './delete-address-dialog';
import { paths, editAddressPath } from '../../../lib/paths';

interface AddressPickerProps {
  email: string;
  selectedId: string | null;
  onSelect(id: string | null): void;
}

/** The checkout's address list: choose one, edit or delete it, or add a new one. */
export function AddressPicker({ email, selectedId, onSelect }: AddressPickerProps) {
  const addresses = useAddresses(email);
  const [confirming, setConfirming] = useState<AddressWire | null>(null);
  const list = addresses.data ?? [];

  return (
    <section aria-labelledby="address-heading">
      <div className="address-picker-head">
        <h2 id="address-heading" className="checkout-title">
          Delivery address
        </h2>
        <ButtonLink to={paths.addAddress} variant="outlined" size="small" className="address-picker-add">
          {ADD_ADDRESS_CARD}
        </ButtonLink>
      </div>
      {addresses.isPending && <Skeleton height={72} />}
      {addresses.isError && <Alert severity="error">{addresses.error.message}</Alert>}
      {addresses.isSuccess && list.length === 0 && <p className="ui-p ui-muted">You have no saved address yet. Add one to order.</p>}
      {list.length > 0 && (
        <div role="radiogroup" aria-labelledby="address-heading">
          {list.map((address) => (
            <div key={address._id} className="ui-surface address-choice">
              <Radio
                name="delivery-address"
                value={address._id}
                checked={selectedId === address._id}
                onChange={(event) => onSelect(event.target.value)}
                className="address-choice-radio"
                label={
                  <>
                    <span className="address-name">{joinFullName(address.firstname, address.lastname)}</span>
                    <span className="ui-body2 ui-muted">{addressOneLine(address)}</span>
                    <span className="ui-body2 ui-muted">
                      {formatPhone(address.phone)} · {address.Email}
                    </span>
                  </>
                }
              />
              <Link
                to={editAddressPath(address._id)}
                aria-label={`Edit address ${addressOneLine(address)}`}
                className="icon-button address-icon-button"
              >
                <Icon name="editOutlined" />
              </Link>
              <button
                type="button"
                onClick={() => setConfirming(address)}
                aria-label={`Delete address ${addressOneLine(address)}`}
                className="icon-button address-icon-button"
              >
                <Icon name="deleteOutline" />
              </button>
            </div>
          ))}
        </div>
      )}
      <DeleteAddressDialog
        address={confirming}
        onClose={() => setConfirming(null)}
        onDeleted={(id, deleted) => {
          if (deleted && selectedId === id) onSelect(null);
        }}
      />
    </section>
  );
}
