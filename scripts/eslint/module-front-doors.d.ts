import type { Rule } from 'eslint';

/** module-front-doors.js: imports another server module only through its index.ts. */
export declare const moduleFrontDoors: Rule.RuleModule;
