// swagger-ui-dist ships no types; only what the reference page uses.
declare module "swagger-ui-dist/swagger-ui-es-bundle.js" {
  const SwaggerUI: (options: { domNode: HTMLElement; url: string; validatorUrl: null; deepLinking?: boolean; filter?: boolean }) => unknown;
  export default SwaggerUI;
}
