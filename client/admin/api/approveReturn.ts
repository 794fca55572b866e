/** POST /api/admin/returns/{rma}/approve { instructions } (issue 28). */
import { postReturnStep, useReturnStep } from './returnStep.js';

export const approveReturn = ({ rma, instructions }: { rma: string; instructions: string }) =>
  postReturnStep(rma, 'approve', { instructions });

export const useApproveReturn = () => useReturnStep(approveReturn);
