/** A path as our own logs may show it: a share link's secret never is (`/s/…`, `/api/v1/shared/…`), nor a shared media token. */
export const redactSecrets = (path: string) => path.replace(/(^|\/)(s|shared|shared-media)\/[^/]+/g, "$1$2/[secret]");
