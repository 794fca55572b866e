import { PaymentResult } from './PaymentResult.js';

export function PaymentCancelPage() {
  return (
    <PaymentResult
      outcome="failure"
      title="Payment canceled"
      message="Unfortunately, your payment was not completed. You can try again."
      buttonLabel="To try again"
      to="/account"
    />
  );
}
