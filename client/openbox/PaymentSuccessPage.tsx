import { PaymentResult } from './PaymentResult.js';

export function PaymentSuccessPage() {
  return (
    <PaymentResult
      outcome="success"
      title="Thank you for your purchase!"
      message="Your payment has been successfully completed."
      buttonLabel="Back to the store"
      to="/"
    />
  );
}
