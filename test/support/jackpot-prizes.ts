/** A modality A prize table for tests that open pools: every fixed amount the modality needs (art. 17). */
export const MODALITY_A_FIXED_AMOUNTS = [
  { combination: 'PARADISE_STRAIGHT', amount: 50_000 },
  { combination: 'FOUR_OF_A_KIND', amount: 10_000 },
  { combination: 'DOUBLE_PAIRS', amount: 5_000 },
  { combination: 'THREE_OF_A_KIND', amount: 2_000 },
  { combination: 'SINGLE_PAIR', amount: 1_000 },
] as const;
