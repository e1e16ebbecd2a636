// The certificate check's TanStack Query keys.
export const certificateKeys = {
  verify: (number: string) => ['certificate', number] as const,
};
