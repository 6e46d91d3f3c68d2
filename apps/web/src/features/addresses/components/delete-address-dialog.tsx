import type { AddressWire } from '@shop/shared/contract/addresses';
import { ADDRESS_DELETED } from '@shop/shared/domain/messages';
import { ConfirmDialog } from '../../../components/ui';
import { showToast } from '../../../lib/toast';
import { useDeleteAddress } from '../api/address-api';
import { addressOneLine } from '../lib/address-text';

interface DeleteAddressDialogProps {
  /** The address asked about; null keeps the dialog closed. */
  address: AddressWire | null;
  onClose(): void;
  /** After the shop answered the delete: `deleted` is false when the address was already gone. */
  onDeleted?(id: string, deleted: boolean): void;
}

/** Deleting a saved address asks first, then deletes it and says so (checkout's picker and My Addresses). */
export function DeleteAddressDialog({ address, onClose, onDeleted }: DeleteAddressDialogProps) {
  const remove = useDeleteAddress();
  const confirm = () => {
    onClose();
    if (!address) return;
    remove.mutate(address._id, {
      onSuccess: (answer) => {
        const deleted = answer.deletedCount > 0;
        if (deleted) showToast(ADDRESS_DELETED, 'success');
        onDeleted?.(address._id, deleted);
      },
      onError: (error) => showToast(error.message, 'error'),
    });
  };
  return (
    <ConfirmDialog
      open={address !== null}
      question="Do you want to delete this address?"
      detail={address ? addressOneLine(address) : undefined}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
