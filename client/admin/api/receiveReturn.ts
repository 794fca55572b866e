/** POST /api/admin/returns/{rma}/receive { restock_condition } (issue 28): a grade, or null (not for sale again). */
import type { Condition } from '../../../shared/shops.js';
import { postReturnStep, useReturnStep } from './returnStep.js';

export const receiveReturn = ({
  rma,
  restock_condition,
}: {
  rma: string;
  restock_condition: Condition | null;
}) => postReturnStep(rma, 'receive', { restock_condition });

export const useReceiveReturn = () => useReturnStep(receiveReturn);
