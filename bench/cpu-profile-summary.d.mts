/** A V8 CPU profile as `node --cpu-prof` writes it (the fields the summary reads). */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per package and per function, as shares of the profile's whole time, as printable lines. */
export function summarize(profile: CpuProfile, top?: number): string;
