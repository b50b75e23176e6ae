// Workers AI when it is overloaded: every model call fails as the service answers then. Bound as
// env.AI where a test needs a model that keeps failing.
export const overloadedAi = {
  run: async (): Promise<never> => {
    throw new Error("3040: Capacity temporarily exceeded, please try again.");
  },
};
