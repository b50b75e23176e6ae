import { useSnapshot } from "valtio";
import { authState } from "../auth/store";
import { TopBar } from "../components/TopBar";

export function DashboardPage() {
  const { user } = useSnapshot(authState);
  return (
    <div className="workspace">
      <TopBar />
      <main className="workspace-main">
        <section className="welcome" data-testid="empty-dashboard">
          <h1>Welcome{user ? `, ${user.full_name}` : ""}!</h1>
          <p className="muted">Upload an audio or video file to get a transcript with speakers and word timings.</p>
        </section>
      </main>
    </div>
  );
}
