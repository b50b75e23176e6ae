import "./lib/zod-jitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { startSession } from "./auth/session";
import { Toaster } from "./components/Toaster";
import { AppRoutes } from "./router";
import "./styles.css";

void startSession();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
    <Toaster />
  </StrictMode>,
);
