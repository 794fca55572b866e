/** POST /api/admin/returns/{rma}/reject { reason } (issue 28). */
import { postReturnStep, useReturnStep } from './returnStep.js';

export const rejectReturn = ({ rma, reason }: { rma: string; reason: string }) =>
  postReturnStep(rma, 'reject', { reason });

export const useRejectReturn = () => useReturnStep(rejectReturn);
