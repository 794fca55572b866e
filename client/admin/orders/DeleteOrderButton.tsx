import controls from '../ui/Controls.module.css';
import { useDeleteOrderMutation } from '../api/deleteOrder.js';
import styles from './OrderCard.module.css';

export const DELETE_ORDER_QUESTION = 'Are you sure you want to delete this order?';

/** 'Delete Order' after a confirmation (docs/product.md §5); a refusal is alerted and logged (docs/product.md §8). */
export function DeleteOrderButton({ paymentId }: { paymentId: string }) {
  const deletion = useDeleteOrderMutation();

  const remove = () => {
    if (!window.confirm(DELETE_ORDER_QUESTION)) return;
    deletion.mutate(paymentId, {
      onError: (error) => {
        console.error('Could not delete order', error);
        window.alert('Could not delete order');
      },
    });
  };

  return (
    <button
      type="button"
      className={`${controls.button} ${controls.danger} ${controls.small} ${styles.delete}`}
      disabled={deletion.isPending}
      onClick={remove}
    >
      Delete Order
    </button>
  );
}
