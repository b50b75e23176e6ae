import { useQuery } from "@tanstack/react-query";
import type { ApiTokenCreateInput } from "../../../common/api-tokens";
import { api, call } from "./client";

export const apiTokenKeys = { all: ["api-tokens"] as const };

export const apiTokenApi = {
  list: async () => (await call(api.tokens.$get())).data,
  create: async (input: ApiTokenCreateInput) => (await call(api.tokens.$post({ json: input }), "Could not create the token")).data,
  revoke: async (id: string) => call(api.tokens[":id"].$delete({ param: { id } }), "Could not revoke the token"),
};

export const useApiTokens = () => useQuery({ queryKey: apiTokenKeys.all, queryFn: apiTokenApi.list });
