import { Icon } from '../../ui/Icon.js';
import controls from './Controls.module.css';

/** docs/product.md §5: the question asked before clearing the product form. */
export const CLEAR_FORM_QUESTION = 'Are you sure you want to clear all input fields?';

/** The reset button (hover text 'Careful, all data will be deleted'); clears only after confirmation. */
export function ResetFormButton({ onConfirmed }: { onConfirmed: () => void }) {
  return (
    <button
      type="button"
      className={`${controls.button} ${controls.danger}`}
      title="Careful, all data will be deleted"
      onClick={() => {
        if (window.confirm(CLEAR_FORM_QUESTION)) onConfirmed();
      }}
    >
      <Icon name="reset" size={16} />
      Reset form
    </button>
  );
}
