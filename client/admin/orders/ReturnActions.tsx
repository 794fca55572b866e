import { useState } from 'react';
import type { Return } from '../../../shared/schemas/returns.js';
import type { Condition } from '../../../shared/shops.js';
import { useApproveReturn } from '../api/approveReturn.js';
import { useReceiveReturn } from '../api/receiveReturn.js';
import { useRejectReturn } from '../api/rejectReturn.js';
import controls from '../ui/Controls.module.css';
import { ReceiveReturnForm } from './ReceiveReturnForm.js';
import { RefundForm } from './RefundForm.js';
import { returnSteps } from './returnFormat.js';
import { ReturnTextForm } from './ReturnTextForm.js';
import styles from './OrderCard.module.css';

/** The refund a return's card offers: its payment, what is left of it, and where the amount starts. */
export interface ReturnRefund {
  paymentId: string;
  left: string;
  amount: string;
  otherLines: number;
}

type Open = 'approve' | 'reject' | 'receive' | 'refund' | null;
const button = `${controls.button} ${controls.secondary} ${controls.small}`;

/**
 * The seller's moves on one return, only the legal ones: Approve or Reject a request, Mark received an
 * approved one, and Refund (the refund form with the RMA) an approved or received one, where given.
 */
export function ReturnActions({ item, refund }: { item: Return; refund: ReturnRefund | null }) {
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState<string | null>(null);
  const approve = useApproveReturn();
  const reject = useRejectReturn();
  const receive = useReceiveReturn();
  const steps = returnSteps(item.status);
  const finish = (message: string) => {
    setOpen(null);
    setDone(message);
  };
  const show = (which: Open) => {
    for (const mutation of [approve, reject, receive]) mutation.reset();
    setDone(null);
    setOpen(which);
  };

  const form = (() => {
    switch (open) {
      case 'approve':
        return (
          <ReturnTextForm
            title={`Approve ${item.rma}`}
            label="Instructions for sending it back"
            submitLabel="Approve"
            busy={approve.isPending}
            error={approve.error?.message ?? null}
            onSubmit={(instructions) =>
              approve.mutate(
                { rma: item.rma, instructions },
                { onSuccess: () => finish(`${item.rma} approved.`) },
              )
            }
            onCancel={() => setOpen(null)}
          />
        );
      case 'reject':
        return (
          <ReturnTextForm
            title={`Reject ${item.rma}`}
            label="Reason, for the buyer"
            submitLabel="Reject"
            busy={reject.isPending}
            error={reject.error?.message ?? null}
            onSubmit={(reason) =>
              reject.mutate({ rma: item.rma, reason }, { onSuccess: () => finish(`${item.rma} rejected.`) })
            }
            onCancel={() => setOpen(null)}
          />
        );
      case 'receive':
        return (
          <ReceiveReturnForm
            rma={item.rma}
            quantity={item.quantity}
            busy={receive.isPending}
            error={receive.error?.message ?? null}
            onSubmit={(grade: Condition | null) =>
              receive.mutate(
                { rma: item.rma, restock_condition: grade },
                { onSuccess: () => finish(`${item.rma} marked received.`) },
              )
            }
            onCancel={() => setOpen(null)}
          />
        );
      case 'refund':
        return refund ? (
          <RefundForm
            paymentId={refund.paymentId}
            left={refund.left}
            amount={refund.amount}
            rma={item.rma}
            otherLines={refund.otherLines}
            onDone={finish}
            onCancel={() => setOpen(null)}
          />
        ) : null;
      default:
        return null;
    }
  })();

  return (
    <>
      <p className={done ? styles.recorded : 'visually-hidden'} role="status">
        {done}
      </p>
      {form ?? (
        <div className={styles.refundButtons}>
          {steps.decide && (
            <>
              <button type="button" className={button} onClick={() => show('approve')}>
                Approve
              </button>
              <button type="button" className={button} onClick={() => show('reject')}>
                Reject
              </button>
            </>
          )}
          {steps.receive && (
            <button type="button" className={button} onClick={() => show('receive')}>
              Mark received
            </button>
          )}
          {steps.refund && refund && (
            <button type="button" className={button} onClick={() => show('refund')}>
              Refund {item.rma}
            </button>
          )}
        </div>
      )}
    </>
  );
}
