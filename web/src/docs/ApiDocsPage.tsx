import { useEffect, useRef } from "react";
import { Link } from "react-router";
import SwaggerUI from "swagger-ui-dist/swagger-ui-es-bundle.js";
import "swagger-ui-dist/swagger-ui.css";
import "./api-docs.css";
import { Logo } from "../components/Logo";

/** The address of the API's OpenAPI document (docs/api.md, "The API document"). */
const OPENAPI_URL = "/api/v1/openapi.json";

/**
 * /docs/api: the API reference, rendered from the OpenAPI document by Swagger UI. A page of its
 * own (lazy route): the renderer is large and only this page downloads it.
 */
export function ApiDocsPage() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    // No validator badge: it would send the document to a third party. With over a hundred
    // operations Swagger UI draws only those in view as the page scrolls, so a filter box by
    // group (case-sensitive, e.g. "Webhooks") finds one without scrolling.
    SwaggerUI({ domNode: container.current, url: OPENAPI_URL, validatorUrl: null, filter: true });
  }, []);
  return (
    <main className="api-docs">
      <header className="api-docs-header">
        <Logo />
        <p>
          The JSON API as an <a href={OPENAPI_URL}>OpenAPI 3.1 document</a>. Create a token in Preferences → API tokens, then use Authorize.{" "}
          <Link to="/dashboard">Back to the app</Link>
        </p>
      </header>
      <div ref={container} />
    </main>
  );
}
