import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL("./web", import.meta.url));

// `vite build` emits only the SPA (wrangler bundles the Worker itself);
// `vite dev` (npm run dev) also runs the Worker in workerd for hot reload.
export default defineConfig(({ command }) => ({
  root,
  publicDir: "public",
  plugins: [
    react(),
    ...(command === "serve"
      ? [cloudflare({ configPath: fileURLToPath(new URL("./wrangler.toml", import.meta.url)), remoteBindings: false })]
      : []),
  ],
  build: {
    outDir: fileURLToPath(new URL("./dist/client", import.meta.url)),
    emptyOutDir: true,
    // Source maps are not published with the app.
    sourcemap: false,
  },
}));
