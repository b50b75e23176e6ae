import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      TEST_GOOGLE_PRIVATE_JWK: JsonWebKey & { kid: string };
    }
  }
}

declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof import("../../worker/index");
    }
  }
}
