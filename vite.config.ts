import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const root = fileURLToPath(new URL("./web", import.meta.url));

// The Worker's PDF exports embed these fonts; they ship as static assets (read
// through the ASSETS binding) rather than inside the Worker's bundle.
const PDF_FONTS = {
  "fonts/DejaVuSans.ttf": "node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  "fonts/DejaVuSans-Bold.ttf": "node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
};
const fontFile = (source: string) => readFileSync(fileURLToPath(new URL(`./${source}`, import.meta.url)));

function pdfFonts(): Plugin {
  return {
    name: "pdf-fonts",
    generateBundle() {
      for (const [fileName, source] of Object.entries(PDF_FONTS)) this.emitFile({ type: "asset", fileName, source: fontFile(source) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const source = PDF_FONTS[req.url?.slice(1) as keyof typeof PDF_FONTS];
        if (!source) return next();
        res.setHeader("Content-Type", "font/ttf");
        res.end(fontFile(source));
      });
    },
  };
}

// `vite build` emits only the SPA (wrangler bundles the Worker itself);
// `vite dev` (npm run dev) also runs the Worker in workerd for hot reload.
export default defineConfig(({ command }) => ({
  root,
  publicDir: "public",
  plugins: [
    react(),
    pdfFonts(),
    ...(command === "serve"
      ? [
          cloudflare({
            configPath: fileURLToPath(new URL("./wrangler.toml", import.meta.url)),
            remoteBindings: false,
            config: (config) => {
              // Workers AI only when reached remotely (scripts/dev.mjs): the app never calls it otherwise,
              // and the binding alone would start a remote session that warns of usage charges.
              if (process.env.DEV_AI_REMOTE !== "true") delete config.ai;
              // Links in e-mails point at the dev server (.dev.vars may still set APP_URL).
              return process.env.DEV_APP_URL ? { vars: { ...config.vars, APP_URL: process.env.DEV_APP_URL } } : {};
            },
          }),
        ]
      : []),
  ],
  // The Worker's modules loaded on first use run from their source here (worker/lazy.ts), never
  // from a build of them left by `npm run build`.
  ...(command === "serve"
    ? {
        resolve: {
          alias: [{ find: /^\.\/lazy\/([\w-]+)\.js$/, replacement: fileURLToPath(new URL("./worker/lazy/$1.ts", import.meta.url)) }],
        },
      }
    : {}),
  build: {
    outDir: fileURLToPath(new URL("./dist/client", import.meta.url)),
    emptyOutDir: true,
    // Source maps are not published with the app.
    sourcemap: false,
    // The API reference page (/docs/api) is one lazy 1.5 MB chunk only that page loads; anything
    // larger still warns. The main bundle has its own budget in `npm run bench`.
    chunkSizeWarningLimit: 1_600,
  },
}));
