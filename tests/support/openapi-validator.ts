// The OpenAPI validator (a third party) as a fake origin: the worker tests route requests for
// OPENAPI_VALIDATOR_ORIGIN here (vitest.config.ts), run in Node, because the validator reads its
// meta-schemas from disk, which code in workerd cannot. POST a document, get {valid, errors?}.
import { Validator } from "@seriousme/openapi-schema-validator";

export const OPENAPI_VALIDATOR_ORIGIN = "https://openapi-validator.test";

export async function handleOpenApiValidation(request: Request): Promise<Response> {
  return Response.json(await new Validator().validate(await request.json()));
}
