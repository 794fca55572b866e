import controls from '../ui/Controls.module.css';
import { useDeleteOrderMutation } from '../api/deleteOrder.js';
import styles from './OrderCard.module.css';

export const DELETE_ORDER_QUESTION = 'Are you sure you want to delete this order?';

/** Deleting one line of an unpaid group deletes the whole group (one invoice): the question says so. */
function question(otherLines: number): string {
  if (otherLines === 0) return DELETE_ORDER_QUESTION;
  const others = otherLines === 1 ? 'the other line' : `the ${otherLines} other lines`;
  return `${DELETE_ORDER_QUESTION} It was checked out together with ${others}, which will be deleted too.`;
}

/** 'Delete Order' after a confirmation (docs/product.md §5); a refusal is alerted and logged (docs/product.md §8). */
export function DeleteOrderButton({ paymentId, otherLines = 0 }: { paymentId: string; otherLines?: number }) {
  const deletion = useDeleteOrderMutation();

  const remove = () => {
    if (!window.confirm(question(otherLines))) return;
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
