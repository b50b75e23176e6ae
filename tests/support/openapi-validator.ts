// The OpenAPI validator (a third party) as a fake origin: the worker tests route requests for
// OPENAPI_VALIDATOR_ORIGIN here (vitest.config.ts), run in Node, because the validator reads its
// meta-schemas from disk, which code in workerd cannot. POST a document, get {valid, errors?}.
// POST /answer {document, pointer, value}: whether an answer passes the document's schema at
// `pointer`, checked by Ajv as a client would (Ajv compiles to code, which workerd does not run).
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";

export const OPENAPI_VALIDATOR_ORIGIN = "https://openapi-validator.test";

/** One Ajv per document (the tests send the same one many times): compiling is the slow part. */
let compiled: { text: string; ajv: Ajv2020 } | undefined;

function ajvFor(document: unknown): Ajv2020 {
  const text = JSON.stringify(document);
  if (compiled?.text !== text) {
    // OpenAPI's own keywords (example, discriminator…) are not JSON Schema's: not strict.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document as object, "openapi.json");
    compiled = { text, ajv };
  }
  return compiled.ajv;
}

export async function handleOpenApiValidation(request: Request): Promise<Response> {
  if (new URL(request.url).pathname === "/answer") {
    const { document, pointer, value } = (await request.json()) as { document: unknown; pointer: string; value: unknown };
    const validate = ajvFor(document).getSchema(`openapi.json#${pointer}`);
    if (!validate) return Response.json({ valid: false, errors: [`no schema at ${pointer}`] });
    const valid = validate(value) as boolean;
    return Response.json({ valid, errors: (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`) });
  }
  return Response.json(await new Validator().validate(await request.json()));
}
